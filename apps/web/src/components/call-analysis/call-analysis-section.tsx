import { CalendarClock, Info } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallAnalysisHistory } from '@nexa/domain';
import { formatDateTime, formatScore } from '../../lib/format.ts';
import { ErrorState, INLINE_STATE, LoadingState } from '../ui/query-state.tsx';
import { AnalysisHistory } from './analysis-history.tsx';
import { DueDate, ProspectQuestions, QualificationChecklist, SpeakerRoles, type QualificationPeople } from './call-evidence.tsx';
import { CallPeople } from './call-people.tsx';
import { CitedLines } from './cited-lines.tsx';

type Latest = NonNullable<CallAnalysisHistory['latest']>;
type Point = { text: string; lines: number[]; due?: string | null };

/** What each feature passes from its own query: the section fetches nothing itself. */
export interface CallAnalysisQueryState {
  data: CallAnalysisHistory | undefined;
  isPending: boolean;
  isError: boolean;
}

const Heading = ({ level, id, children }: { level: 2 | 3; id?: string; children: ReactNode }) => {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className={level === 2 ? 'text-lg font-semibold text-slate-900' : 'font-semibold text-slate-900'}>
      {children}
    </Tag>
  );
};

/**
 * An opportunity's latest call analysis with its line citations, and the history of analyses.
 * Shared by the representative's detail page and the manager's read-only views.
 */
export function CallAnalysisSection({
  query,
  headingLevel = 2,
  action,
  opportunityId,
  people,
}: {
  query: CallAnalysisQueryState;
  headingLevel?: 2 | 3;
  /** e.g. the representative's "Analyze a call" link. */
  action?: ReactNode;
  /** Given where the rep may re-run the analysis (swap the speakers' roles). */
  opportunityId?: number;
  /** The deal's economic buyers and champions (its committee), named under those boxes. */
  people?: QualificationPeople;
}) {
  const { t } = useTranslation('call-analysis');
  const sub = (headingLevel + 1) as 3;
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      id="call-analysis"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="call-analysis"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading level={headingLevel} id={titleId}>
          {t('section.title')}
        </Heading>
        {action}
      </div>
      {query.isPending ? (
        <LoadingState className={INLINE_STATE}>{t('section.loading')}</LoadingState>
      ) : query.isError || !query.data ? (
        <ErrorState className={INLINE_STATE}>{t('section.error')}</ErrorState>
      ) : !query.data.latest ? (
        <p className="text-sm text-slate-600">{t('section.empty')}</p>
      ) : (
        <>
          <LatestAnalysis latest={query.data.latest} level={sub} opportunityId={opportunityId} people={people} />
          {query.data.items.length > 0 && (
            <div className="space-y-2">
              <Heading level={sub}>{t('section.history')}</Heading>
              <AnalysisHistory items={query.data.items} latestId={query.data.latest.id} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function LatestAnalysis({
  latest,
  level,
  opportunityId,
  people,
}: {
  latest: Latest;
  level: 3;
  opportunityId?: number;
  people?: QualificationPeople;
}) {
  const { t } = useTranslation('call-analysis');
  const r = latest.result;
  const cited = latest.citedLines;
  return (
    <div className="space-y-5">
      {r.quick && (
        <p role="note" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="quick-analysis">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {t('section.quick')}
        </p>
      )}
      {(r.speakers || r.qualification) && (
        <div className="grid gap-5 lg:grid-cols-2">
          <SpeakerRoles latest={latest} opportunityId={opportunityId} />
          <QualificationChecklist result={r} cited={cited} people={people} />
        </div>
      )}
      {Boolean(r.speakers?.length || r.committeeRoles?.length) && (
        <CallPeople analysisId={latest.id} canEdit={opportunityId !== undefined} />
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <ScoreCard label={t('section.technicalScore')} score={r.technicalScore} cited={cited} testId="technical" />
        <ScoreCard label={t('section.commercialScore')} score={r.commercialScore} cited={cited} testId="commercial" />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-2">
          <Heading level={level}>{t('section.commercialPoints')}</Heading>
          <PointList points={r.commercialPoints} cited={cited} numbered testId="commercial-point" />
        </div>
        <div className="space-y-2">
          <Heading level={level}>{t('section.technicalRequirements')}</Heading>
          {r.technicalRequirements.length === 0 ? (
            <p className="text-sm text-slate-600">{t('section.nothing')}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {r.technicalRequirements.map((req, i) => (
                <li key={i} className="rounded-lg bg-slate-50 p-3" data-testid="technical-requirement">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    <span className="text-slate-600">{t('section.question')}: </span>
                    {req.question}
                  </p>
                  <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
                    <span className="font-medium text-slate-600">{t('section.response')}: </span>
                    {req.response}
                  </p>
                  <CitedLines lines={req.lines} citedLines={cited} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <ProspectQuestions result={r} cited={cited} />
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-2">
          <Heading level={level}>{t('section.nextSteps')}</Heading>
          <PointList points={r.nextSteps} cited={cited} testId="next-step" />
        </div>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold text-slate-900">{t('section.suggestedLeadStatus')}</dt>
            <dd className="text-slate-700" data-testid="suggested-lead-status">
              {r.suggestedLeadStatus ? r.suggestedLeadStatus.value : t('section.none')}
              {r.suggestedLeadStatus && <CitedLines lines={r.suggestedLeadStatus.lines} citedLines={cited} />}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t('section.nextMeeting')}</dt>
            <dd className="text-slate-700" data-testid="next-meeting">
              {r.nextMeeting ? (
                <span className="inline-flex items-center gap-1">
                  <CalendarClock className="h-4 w-4" aria-hidden />
                  <time dateTime={r.nextMeeting.date}>{formatDateTime(r.nextMeeting.date)}</time>
                </span>
              ) : (
                t('section.none')
              )}
              {r.nextMeeting && <CitedLines lines={r.nextMeeting.lines} citedLines={cited} />}
            </dd>
          </div>
        </dl>
      </div>
      {(r.feedback.technical || r.feedback.commercial) && (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
          <Heading level={level}>{t('section.feedback')}</Heading>
          {r.feedback.technical && (
            <p className="text-slate-700">
              <strong className="text-slate-900">{t('section.feedbackTechnical')}: </strong>
              {r.feedback.technical}
            </p>
          )}
          {r.feedback.commercial && (
            <p className="text-slate-700">
              <strong className="text-slate-900">{t('section.feedbackCommercial')}: </strong>
              {r.feedback.commercial}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function ScoreCard({
  label,
  score,
  cited,
  testId,
}: {
  label: string;
  score: { score: number; reasons: Point[] };
  cited: Record<string, string>;
  testId: string;
}) {
  const { t } = useTranslation('call-analysis');
  const value = Math.max(0, Math.min(10, score.score));
  const shown = t('section.scoreValue', { score: formatScore(value) });
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`call-score-${testId}`}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <span className="text-lg font-bold tabular-nums" data-testid={`call-score-${testId}-value`}>
          {shown}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label}: ${shown}`}
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${value * 10}%` }} />
      </div>
      {score.reasons.length > 0 && (
        <>
          <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('section.reasons')}</p>
          <PointList points={score.reasons} cited={cited} testId={`${testId}-reason`} />
        </>
      )}
    </div>
  );
}

function PointList({
  points,
  cited,
  numbered = false,
  testId,
}: {
  points: Point[];
  cited: Record<string, string>;
  numbered?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('call-analysis');
  if (points.length === 0) return <p className="text-sm text-slate-600">{t('section.nothing')}</p>;
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="space-y-2 text-sm">
      {points.map((point, i) => (
        <li key={i} className="flex gap-2" data-testid={testId}>
          {numbered && (
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
              {i + 1}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="text-slate-800 [overflow-wrap:anywhere]">{point.text}</p>
            <DueDate due={point.due} />
            <CitedLines lines={point.lines} citedLines={cited} />
          </div>
        </li>
      ))}
    </List>
  );
}
