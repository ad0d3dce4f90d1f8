import { Plus } from 'lucide-react';
import { forwardRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useCreateTask } from '../api/tasks.ts';
import { defaultDue, fromInput, toInput } from '../task-time.ts';

/**
 * The quick add: a title and a due time in the owner's zone (today 17:00, or tomorrow 09:00 late in
 * the day). Enter adds it and keeps the focus in the title for the next one.
 */
export const NewTaskForm = forwardRef<HTMLInputElement, { timeZone: string }>(function NewTaskForm({ timeZone }, titleRef) {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(() => toInput(defaultDue(Date.now(), timeZone), timeZone));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dueAt = fromInput(due, timeZone);
    if (!title.trim()) return;
    if (!dueAt) {
      setError(t('new.invalidDue'));
      return;
    }
    setError(null);
    create.mutate(
      { title: title.trim(), due_at: dueAt },
      {
        onSuccess: (task) => {
          toast.success(t('new.added', { title: task.title }));
          setTitle('');
        },
        onError: (failure) => toast.error(t('new.error', { message: t(errorKey(failure)) })),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="new-task-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="new-task-title" className="sr-only">
        {t('new.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="new-task-what" className="block text-sm font-medium text-slate-800">
            {t('new.what')}
          </label>
          <input
            id="new-task-what"
            ref={titleRef}
            className={inputClass}
            value={title}
            maxLength={500}
            required
            placeholder={t('new.placeholder')}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="space-y-1.5 sm:w-56">
          <label htmlFor="new-task-due" className="block text-sm font-medium text-slate-800">
            {t('new.due')}
          </label>
          <input
            id="new-task-due"
            type="datetime-local"
            className={inputClass}
            value={due}
            required
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'new-task-due-error' : undefined}
            onChange={(event) => setDue(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
          {t('new.add')}
        </Button>
      </div>
      {error && (
        <p id="new-task-due-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
});
