import { Check, Sparkles, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TaskSuggestion } from '@nexa/domain/schemas/tasks';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useAcceptSuggestion, useDismissSuggestion, useTaskSuggestions } from '../api/tasks.ts';
import { fromInput, toInput } from '../task-time.ts';

function SuggestionRow({
  suggestion,
  timeZone,
  dealHref,
}: {
  suggestion: TaskSuggestion;
  timeZone: string;
  dealHref: (id: number) => string;
}) {
  const { t } = useTranslation('tasks');
  const accept = useAcceptSuggestion();
  const dismiss = useDismissSuggestion();
  const [title, setTitle] = useState(suggestion.title);
  const [due, setDue] = useState(() => toInput(suggestion.suggested_due_at, timeZone));
  const key = `${suggestion.call_analysis_id}-${suggestion.step}`;
  const ref = { call_analysis_id: suggestion.call_analysis_id, step: suggestion.step };
  const failed = (error: unknown) => toast.error(t('suggestions.error', { message: t(errorKey(error)) }));

  const onAccept = (event: FormEvent) => {
    event.preventDefault();
    const dueAt = fromInput(due, timeZone);
    accept.mutate(
      { ...ref, title: title.trim() || suggestion.title, ...(dueAt ? { due_at: dueAt } : {}) },
      { onSuccess: (task) => toast.success(t('suggestions.accepted', { title: task.title })), onError: failed },
    );
  };
  const onDismiss = () =>
    dismiss.mutate(ref, {
      onSuccess: () => toast.success(t('suggestions.dismissed', { title: suggestion.title })),
      onError: failed,
    });

  return (
    <li data-testid="task-suggestion" className="rounded-lg border border-amber-200 bg-amber-50/60 p-3">
      <form onSubmit={onAccept} className="space-y-2" aria-label={suggestion.title}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={`s-title-${key}`} className="block text-xs font-medium text-slate-700">
              {t('suggestions.what')}
            </label>
            <input
              id={`s-title-${key}`}
              className={inputClass}
              value={title}
              maxLength={500}
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="space-y-1 sm:w-56">
            <label htmlFor={`s-due-${key}`} className="block text-xs font-medium text-slate-700">
              {t('suggestions.due')}
            </label>
            <input
              id={`s-due-${key}`}
              type="datetime-local"
              className={inputClass}
              value={due}
              onChange={(event) => setDue(event.target.value)}
            />
          </div>
          <div className="flex gap-1">
            <Button
              type="submit"
              size="sm"
              disabled={accept.isPending}
              aria-label={t('suggestions.acceptLabel', { title: suggestion.title })}
            >
              <Check className="h-4 w-4" aria-hidden />
              {t('suggestions.accept')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={dismiss.isPending}
              aria-label={t('suggestions.dismissLabel', { title: suggestion.title })}
              onClick={onDismiss}
            >
              <X className="h-4 w-4" aria-hidden />
              {t('suggestions.dismiss')}
            </Button>
          </div>
        </div>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
          <Link to={dealHref(suggestion.opportunity_id)} className="text-brand-700 hover:underline">
            {t('suggestions.said', { deal: suggestion.opportunity_name ?? `#${suggestion.opportunity_id}` })}
          </Link>
          {suggestion.source_quote && (
            <>
              {' · '}
              {suggestion.source_line !== null && <span>{t('row.line', { line: suggestion.source_line })} · </span>}
              <q className="italic">{suggestion.source_quote}</q>
            </>
          )}
        </p>
      </form>
    </li>
  );
}

/** A call's next steps waiting for the owner's decision (DESIGN.md decision 20: never tasks by themselves). */
export function TaskSuggestions({ timeZone, dealHref }: { timeZone: string; dealHref: (id: number) => string }) {
  const { t } = useTranslation('tasks');
  const suggestions = useTaskSuggestions();
  const items = suggestions.data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="task-suggestions-title" className="space-y-3">
      <div>
        <h2 id="task-suggestions-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Sparkles className="h-5 w-5 text-amber-600" aria-hidden />
          {t('suggestions.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('suggestions.intro')}</p>
      </div>
      <ul className="space-y-2">
        {items.map((suggestion) => (
          <SuggestionRow
            key={`${suggestion.call_analysis_id}-${suggestion.step}`}
            suggestion={suggestion}
            timeZone={timeZone}
            dealHref={dealHref}
          />
        ))}
      </ul>
    </section>
  );
}
