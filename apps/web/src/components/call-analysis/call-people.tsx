import { Check, UserPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { namesNobody, type CallSpeaker, type RoleSuggestion } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { useCallPeople, useCallPeopleAction, type CallPeopleAction } from '../../lib/api/call-people.ts';
import { paths } from '../../lib/paths.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { CitedLines } from './cited-lines.tsx';

const Heading = ({ children }: { children: string }) => <h3 className="font-semibold text-slate-900">{children}</h3>;

/** A speaker's own name, when the transcript gives one ("Speaker 2" is no name), else the one the call gave. */
const nameOf = (s: Pick<CallSpeaker, 'speaker' | 'calledInCall'>) =>
  s.calledInCall ?? (namesNobody(s.speaker) ? null : s.speaker);

/**
 * The call's speakers as people (issue 36): each one linked to their contact page, or named as a
 * member of the team; an unknown buyer-side speaker offered as a new contact (one click, nothing
 * created otherwise); a person's side set once for every later call of the account; the buying roles
 * the call suggests, each with its cited line, to accept (it goes on the deal's committee) or dismiss.
 */
export function CallPeople({ analysisId, canEdit }: { analysisId: string; canEdit: boolean }) {
  const { t } = useTranslation('call-analysis');
  const { pathname } = useLocation();
  const query = useCallPeople(analysisId);
  const action = useCallPeopleAction(analysisId);
  if (!query.data) return null;
  const { speakers, suggestions, citedLines } = query.data;
  if (!speakers.length && !suggestions.length) return null;
  const contactHref = (id: number) =>
    pathname.startsWith('/manager') ? paths.manager.contact.getHref(id) : paths.rep.contact.getHref(id);
  const run = async (what: CallPeopleAction, done: string) => {
    try {
      await action.mutateAsync(what);
      toast.success(done);
    } catch (error) {
      toast.error(t('people.failed'), { description: t(errorKey(error)) });
    }
  };
  const addContact = (speaker: string | undefined, name: string) =>
    run(
      { kind: 'add-contact', ...(speaker !== undefined ? { speaker } : { name }), full_name: name },
      t('people.added', { name }),
    );

  return (
    <div className="space-y-4" data-testid="call-people">
      {speakers.length > 0 && (
        <div className="space-y-2">
          <Heading>{t('people.title')}</Heading>
          <ul className="space-y-2 text-sm">
            {speakers.map((s) => (
              <SpeakerRow
                key={s.speaker}
                speaker={s}
                canEdit={canEdit}
                busy={action.isPending}
                contactHref={contactHref}
                onAdd={(name) => void addContact(s.speaker, name)}
                onSide={(side) =>
                  void run(
                    { kind: 'side', speaker: s.speaker, side },
                    t(side === 'seller' ? 'people.sideSetSeller' : 'people.sideSetBuyer', { name: s.contact?.full_name }),
                  )
                }
              />
            ))}
          </ul>
        </div>
      )}
      {suggestions.length > 0 && (
        <div className="space-y-2">
          <Heading>{t('people.suggestions')}</Heading>
          <p className="text-xs text-slate-600">{t('people.suggestionsHint')}</p>
          <ul className="space-y-2 text-sm">
            {suggestions.map((s) => (
              <SuggestionRow
                key={s.id}
                suggestion={s}
                citedLines={citedLines}
                canEdit={canEdit}
                busy={action.isPending}
                speakerName={speakers.find((sp) => sp.speaker === s.speaker)}
                onDecide={(kind) =>
                  void run(
                    { kind, suggestionId: s.id },
                    t(kind === 'accept' ? 'people.accepted' : 'people.dismissed', {
                      role: t(`people.role.${s.role}`),
                      name: s.contact?.full_name ?? s.name ?? s.speaker,
                    }),
                  )
                }
                onAdd={(name) => void addContact(s.speaker ?? undefined, name)}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function SpeakerRow({
  speaker: s,
  canEdit,
  busy,
  contactHref,
  onAdd,
  onSide,
}: {
  speaker: CallSpeaker;
  canEdit: boolean;
  busy: boolean;
  contactHref: (id: number) => string;
  onAdd: (name: string) => void;
  onSide: (side: 'buyer' | 'seller') => void;
}) {
  const { t } = useTranslation('call-analysis');
  const name = nameOf(s);
  const minutes = s.talkSeconds === null ? null : Math.floor(s.talkSeconds / 60);
  const seconds = s.talkSeconds === null ? null : Math.round(s.talkSeconds % 60);
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="call-person" data-speaker={s.speaker}>
      {s.contact ? (
        <Link
          to={contactHref(s.contact.id)}
          className="font-medium text-brand-700 underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          data-testid="call-person-contact"
        >
          {s.contact.full_name}
        </Link>
      ) : (
        <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{s.member?.full_name ?? name ?? s.speaker}</span>
      )}
      {(s.contact || s.member || s.calledInCall) && (s.contact?.full_name ?? s.member?.full_name ?? name) !== s.speaker && (
        <span className="text-xs text-slate-600">{t('people.asSpeaker', { speaker: s.speaker })}</span>
      )}
      {s.side && <Badge tone={s.side === 'seller' ? 'blue' : 'amber'}>{t(`people.side.${s.side}`)}</Badge>}
      {s.member && <span className="text-xs text-slate-600">{t('people.member')}</span>}
      {!s.contact && !s.member && <span className="text-xs text-slate-600">{t('people.unknown')}</span>}
      <span className="text-xs text-slate-600" data-testid="call-person-talk">
        {minutes === null ? t('people.turns', { count: s.lines }) : t('people.turnsTime', { count: s.lines, minutes, seconds })}
      </span>
      {canEdit && !s.contact && !s.member && s.side !== 'seller' && name && (
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => onAdd(name)}
          data-testid="add-speaker-contact"
          aria-label={t('people.addAsContactFor', { name })}
        >
          <UserPlus className="h-4 w-4" aria-hidden />
          {t('people.addAsContact')}
        </Button>
      )}
      {canEdit && s.contact && (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => onSide(s.contact!.side === 'seller' ? 'buyer' : 'seller')}
          data-testid="set-person-side"
          aria-label={t(s.contact.side === 'seller' ? 'people.setBuyerFor' : 'people.setSellerFor', {
            name: s.contact.full_name,
          })}
        >
          {t(s.contact.side === 'seller' ? 'people.setBuyer' : 'people.setSeller')}
        </Button>
      )}
    </li>
  );
}

function SuggestionRow({
  suggestion: s,
  citedLines,
  canEdit,
  busy,
  speakerName,
  onDecide,
  onAdd,
}: {
  suggestion: RoleSuggestion;
  citedLines: Record<string, string>;
  canEdit: boolean;
  busy: boolean;
  speakerName?: CallSpeaker;
  onDecide: (kind: 'accept' | 'dismiss') => void;
  onAdd: (name: string) => void;
}) {
  const { t } = useTranslation('call-analysis');
  const who = s.contact?.full_name ?? s.name ?? (speakerName ? nameOf(speakerName) : null) ?? s.speaker ?? '';
  const role = t(`people.role.${s.role}`);
  return (
    <li className="rounded-lg bg-slate-50 p-3" data-testid="role-suggestion" data-role={s.role}>
      <p className="text-slate-900">
        <span className="font-medium [overflow-wrap:anywhere]">{who}</span>
        {' — '}
        <span data-testid="role-suggestion-role">{role}</span>
      </p>
      <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">“{s.quote}”</p>
      <CitedLines lines={s.lines} citedLines={citedLines} />
      {canEdit && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {s.contact ? (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => onDecide('accept')}
              data-testid="accept-role"
              aria-label={t('people.acceptFor', { role, name: who })}
            >
              <Check className="h-4 w-4" aria-hidden />
              {t('people.accept')}
            </Button>
          ) : (
            who && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => onAdd(who)}
                data-testid="add-suggested-contact"
                aria-label={t('people.addAsContactFor', { name: who })}
              >
                <UserPlus className="h-4 w-4" aria-hidden />
                {t('people.addToAccept')}
              </Button>
            )
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => onDecide('dismiss')}
            data-testid="dismiss-role"
            aria-label={t('people.dismissFor', { role, name: who })}
          >
            <X className="h-4 w-4" aria-hidden />
            {t('people.dismiss')}
          </Button>
        </div>
      )}
    </li>
  );
}
