import { MessageSquareText, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NOTE_MAX_LENGTH, noteParts, type MentionablePerson } from '@nexa/domain/deal-notes';
import type { DealNote } from '@nexa/domain/schemas/deal-notes';
import { UNDO_MS, undoAction } from '../../../components/opportunities/undo-toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorState, INLINE_STATE, LoadingState } from '../../../components/ui/query-state.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { NOTES_PAGE_SIZE, useAddNote, useDealNotes, useDeleteNote, useMentionable, useRestoreNote } from '../api/deal-notes.ts';
import { MentionBox } from './mention-box.tsx';

/**
 * A deal's notes (issue 37): a box to write one, `@` to mention someone who may see the deal (they are
 * notified), and the notes newest first, a page at a time. The author may delete their own, with undo.
 */
export function DealNotes({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation('deal-notes');
  const titleId = useId();
  const boxId = useId();
  const hintId = useId();
  const me = useMe();
  const [page, setPage] = useState(1);
  const notes = useDealNotes(opportunityId, page);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<MentionablePerson[]>([]);
  const [wantPeople, setWantPeople] = useState(false);
  const people = useMentionable(opportunityId, wantPeople);
  const add = useAddNote(opportunityId);
  const remove = useDeleteNote(opportunityId);
  const restore = useRestoreNote(opportunityId);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || add.isPending) return;
    // The people picked whose name is still in the text; the server checks each again.
    const mentions = picked.filter((p) => text.includes(`@${p.full_name}`)).map((p) => p.id);
    add.mutate(
      { text, mentions },
      {
        onSuccess: (note) => {
          setText('');
          setPicked([]);
          setPage(1);
          toast.success(
            note.mentions.length
              ? t('added.mentioned', { names: note.mentions.map((m) => m.full_name).join(', '), count: note.mentions.length })
              : t('added.plain'),
          );
        },
      },
    );
  };

  const drop = (note: DealNote) =>
    remove.mutate(note.id, {
      onSuccess: () =>
        toast.success(t('deleted'), {
          duration: UNDO_MS,
          action: undoAction(t('common:undo.action'), () =>
            restore.mutate(note.id, {
              onSuccess: () => toast.success(t('restored')),
              onError: (error) => toast.error(t(errorKey(error))),
            }),
          ),
        }),
      onError: (error) => toast.error(t(errorKey(error))),
    });

  const total = notes.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE));
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="deal-notes"
    >
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <MessageSquareText className="h-5 w-5 text-slate-500" aria-hidden />
          {t('title')}
        </h2>
        <p className="text-sm text-slate-600">{t('hint')}</p>
      </div>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={boxId} className="block text-sm font-medium text-slate-800">
          {t('box.label')}
        </label>
        <MentionBox
          id={boxId}
          value={text}
          onChange={setText}
          // Not the writer: a note does not notify its own author.
          people={people.data?.items.filter((person) => person.id !== me.data?.id)}
          onPick={(person) => setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]))}
          onMentionStart={() => setWantPeople(true)}
          placeholder={t('box.placeholder')}
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={hintId}
          aria-invalid={add.isError || undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
          data-testid="note-box"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={hintId} className="text-xs text-slate-600">
            {t('box.count', { count: text.length, max: NOTE_MAX_LENGTH })} · {t('box.keys')}
          </p>
          <Button type="submit" size="sm" disabled={!text.trim() || add.isPending}>
            {add.isPending ? t('box.saving') : t('box.submit')}
          </Button>
        </div>
        {add.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t('box.error', { message: t(errorKey(add.error)) })}
          </p>
        )}
      </form>
      {notes.isPending ? (
        <LoadingState className={INLINE_STATE}>{t('loading')}</LoadingState>
      ) : notes.isError ? (
        <ErrorState className={INLINE_STATE}>{t('error', { message: t(errorKey(notes.error)) })}</ErrorState>
      ) : notes.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={t('listLabel')}>
          {notes.data.items.map((note) => (
            <li key={note.id} className="flex items-start gap-3 py-3" data-testid="note">
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-600">
                  <span className="font-medium text-slate-900">{note.author_name ?? t('someone')}</span> ·{' '}
                  <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
                </p>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                  {noteParts(note.text, note.mentions).map((part, i) =>
                    part.mention ? (
                      <strong key={i} className="font-semibold text-brand-700">
                        {part.text}
                      </strong>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </p>
              </div>
              {me.data && note.author_id === me.data.id && (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => drop(note)}
                  disabled={remove.isPending}
                  aria-label={t('delete', { at: formatDateTime(note.created_at) })}
                  title={t('delete', { at: formatDateTime(note.created_at) })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          words={{ label: t('pages'), newer: t('newer'), older: t('older'), status: t('page', { page, pages }) }}
        />
      )}
    </section>
  );
}
