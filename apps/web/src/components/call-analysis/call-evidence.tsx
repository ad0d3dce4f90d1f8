import { CheckCircle2, Circle, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { QUALIFICATION_BOXES, swappedRoles, type CallAnalysisHistory } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { useRerunCallAnalysis } from '../../lib/api/rerun-call-analysis.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { CitedLines } from './cited-lines.tsx';

type Latest = NonNullable<CallAnalysisHistory['latest']>;
type Result = Latest['result'];

const Heading = ({ children }: { children: string }) => <h3 className="font-semibold text-slate-900">{children}</h3>;

/**
 * Who spoke as what (and which rule decided), the rep's share of the talk, and the rep's
 * "swap roles and re-run" when the analysis took the prospect for the seller, or one person's
 * role set (remembered for that person on the deal's later calls). A transcript without speaker
 * names says so, shows no talk share, and how to get names (issue 34).
 */
export function SpeakerRoles({ latest, opportunityId }: { latest: Latest; opportunityId?: number }) {
  const { t } = useTranslation('call-analysis');
  const navigate = useNavigate();
  const rerun = useRerunCallAnalysis();
  const { speakers, talk, speakerNames } = latest.result;
  if (speakerNames === 'missing') {
    return (
      <div className="space-y-2" data-testid="speaker-roles">
        <Heading>{t('evidence.speakers')}</Heading>
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="speaker-names-missing">
          {t('evidence.namesMissing')}
        </p>
      </div>
    );
  }
  if (!speakers?.length) return null;
  const rerunWith = async (speakerRoles: Record<string, 'rep' | 'prospect'>) => {
    try {
      const job = await rerun.mutateAsync({
        opportunityId: opportunityId!,
        analysisId: latest.id,
        language: latest.language,
        speakerRoles,
      });
      toast.success(t('toasts.queued'));
      void navigate(`${paths.rep.analyze.path}?job=${job.id}`);
    } catch (error) {
      toast.error(t('toasts.submitFailed'), { description: t(errorKey(error)) });
    }
  };
  const swap = () => rerunWith(swappedRoles(speakers));
  // One person's side changed: that choice only, the other speakers decided again by the rules.
  const setRole = (speaker: string, role: 'rep' | 'prospect') => rerunWith({ [speaker]: role });
  const canRerun = opportunityId !== undefined && Boolean(latest.lineCount);
  return (
    <div className="space-y-2" data-testid="speaker-roles">
      <Heading>{t('evidence.speakers')}</Heading>
      {talk && (
        <p className="text-sm text-slate-700" data-testid="talk-share">
          {talk.repTime === null
            ? t('evidence.talkWords', { words: talk.repWords })
            : t('evidence.talkWordsTime', { words: talk.repWords, time: talk.repTime })}
        </p>
      )}
      <ul className="space-y-1 text-sm">
        {speakers.map((s) => (
          <li key={s.speaker} className="flex flex-wrap items-center gap-2" data-testid="speaker">
            <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{s.speaker}</span>
            <Badge tone={s.role === 'rep' ? 'blue' : 'amber'}>{t(`evidence.role.${s.role}`)}</Badge>
            <span className="text-xs text-slate-600">{t(`evidence.rule.${s.rule}`)}</span>
            {canRerun && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void setRole(s.speaker, s.role === 'rep' ? 'prospect' : 'rep')}
                disabled={rerun.isPending}
                data-testid="set-speaker-role"
                aria-label={t(s.role === 'rep' ? 'evidence.setProspectFor' : 'evidence.setRepFor', { name: s.speaker })}
              >
                {t(s.role === 'rep' ? 'evidence.setProspect' : 'evidence.setRep')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canRerun ? (
        <Button variant="secondary" size="sm" onClick={() => void swap()} disabled={rerun.isPending} data-testid="swap-roles">
          <Repeat className="h-4 w-4" aria-hidden />
          {t('evidence.swap')}
        </Button>
      ) : null}
    </div>
  );
}

/** The prospect's questions, each with the answer given or "unanswered". */
export function ProspectQuestions({ result, cited }: { result: Result; cited: Record<string, string> }) {
  const { t } = useTranslation('call-analysis');
  if (!result.questions) return null;
  return (
    <div className="space-y-2">
      <Heading>{t('evidence.questions')}</Heading>
      {result.questions.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-prospect-questions">
          {t('evidence.noQuestions')}
        </p>
      ) : (
        <ol className="space-y-2 text-sm">
          {result.questions.map((q, i) => (
            <li key={i} className="rounded-lg bg-slate-50 p-3" data-testid="prospect-question">
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{q.text}</p>
              <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
                {q.answer ?? <Badge tone="red">{t('evidence.unanswered')}</Badge>}
              </p>
              <CitedLines lines={[...q.lines, ...q.answerLines]} citedLines={cited} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The qualification checklist (MEDDICC, then budget and timeline): a box is ticked only with a
 * buyer's cited line. It is the analysis's one checklist — the commercial score's reasons and
 * "Not discussed: …" are written from it, so the two never disagree.
 */
export function QualificationChecklist({
  result,
  cited,
  people,
}: {
  result: Result;
  cited: Record<string, string>;
  /** The deal's committee members holding these boxes' roles (issue 36): the boxes name them. */
  people?: QualificationPeople;
}) {
  const { t } = useTranslation('call-analysis');
  const boxes = result.qualification;
  if (!boxes) return null;
  const ticked = QUALIFICATION_BOXES.filter((box) => boxes[box]?.ticked).length;
  return (
    <div className="space-y-2" data-testid="qualification-checklist">
      <Heading>{t('evidence.qualification')}</Heading>
      <p className="text-sm font-medium text-slate-800" data-testid="qualification-count">
        {t('evidence.qualificationCount', { ticked, total: QUALIFICATION_BOXES.length })}
      </p>
      <p className="text-xs text-slate-600">{t('evidence.qualificationHint')}</p>
      <ul className="space-y-2 text-sm">
        {QUALIFICATION_BOXES.map((box) => {
          const found = boxes[box] ?? { ticked: false, text: null, lines: [] };
          return (
            <li key={box} className="flex gap-2" data-testid={`qualification-${box}`} data-ticked={found.ticked}>
              {found.ticked ? (
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
              ) : (
                <Circle className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">
                  <span className="font-medium">{t(`evidence.box.${box}`)}</span>
                  <span className={found.ticked ? 'sr-only' : 'text-slate-500'}>
                    {found.ticked ? `: ${t('evidence.ticked')}` : ` — ${t('evidence.notTicked')}`}
                  </span>
                </p>
                {found.ticked && found.quote && <p className="text-slate-700 [overflow-wrap:anywhere]">“{found.quote}”</p>}
                {found.ticked && <CitedLines lines={found.lines} citedLines={cited} />}
                {people && (box === 'economicBuyer' || box === 'champion') && (
                  <BoxPeople box={box} people={people[box]} href={people.href} />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Who holds a box's role on the deal's committee, each a link to their page. */
export interface QualificationPeople {
  economicBuyer: ReadonlyArray<{ id: number; full_name: string }>;
  champion: ReadonlyArray<{ id: number; full_name: string }>;
  href: (contactId: number) => string;
}

/**
 * The committee's economic buyer or champion under the box, or that nobody holds the role. The
 * contacts namespace is read without suspending: a page that did not load it (a deal in a dialog)
 * shows the box without the line for the moment it loads.
 */
function BoxPeople({
  box,
  people,
  href,
}: {
  box: 'economicBuyer' | 'champion';
  people: QualificationPeople['champion'];
  href: (contactId: number) => string;
}) {
  const { t, ready } = useTranslation('contacts', { useSuspense: false });
  if (!ready) return null;
  return (
    <p className="mt-0.5 text-slate-700" data-testid={`qualification-${box}-people`}>
      {people.length === 0 ? (
        <span className="text-amber-800">
          {t(box === 'economicBuyer' ? 'qualification.noEconomicBuyer' : 'qualification.noChampion')}
        </span>
      ) : (
        <>
          <span className="text-slate-600">{t('qualification.onDeal')} </span>
          {people.map((p, i) => (
            <span key={p.id}>
              {i > 0 && ', '}
              <Link to={href(p.id)} className="font-medium text-brand-700 hover:underline">
                {p.full_name}
              </Link>
            </span>
          ))}
        </>
      )}
    </p>
  );
}

/** A next step's date, when the call said one. */
export function DueDate({ due }: { due: string | null | undefined }) {
  const { t } = useTranslation('call-analysis');
  if (!due) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="next-step-due">
      {t('evidence.due')} <time dateTime={due}>{formatDateTime(due)}</time>
    </p>
  );
}
