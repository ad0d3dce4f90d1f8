import { ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useTaskSuggestions, useTasks } from '../api/tasks.ts';

/**
 * The dashboard's card: how many tasks are overdue and due today, the next few of today, and a word
 * when a call's next steps wait for a decision. Kept light for /rep's first page: no zod, no form.
 */
export function TasksCard({ href }: { href: string }) {
  const { t } = useTranslation('tasks');
  const today = useTasks('today', 1, 5);
  const suggestions = useTaskSuggestions();
  const counts = today.data?.counts;
  return (
    <section
      aria-labelledby="tasks-card-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="tasks-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tasks-card-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ListTodo className="h-5 w-5 text-brand-600" aria-hidden />
          {t('card.title')}
        </h2>
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          {t('card.open')}
        </Link>
      </div>
      {counts ? (
        <p className={counts.overdue ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-600'}>
          {t('card.summary', { overdue: counts.overdue, today: counts.today })}
        </p>
      ) : (
        <div className="mt-2 h-5 w-48 animate-pulse rounded bg-slate-100" aria-hidden />
      )}
      {today.data &&
        (today.data.items.length ? (
          <ul className="mt-3 space-y-1.5 text-sm">
            {today.data.items.map((task) => (
              <li key={task.id} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{task.title}</span>
                <span className="text-slate-600">{formatDateTime(task.due_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">{t('card.none')}</p>
        ))}
      {Boolean(suggestions.data?.items.length) && (
        <p className="mt-3 text-sm text-amber-800">
          <Link to={href} className="hover:underline">
            {t('card.suggestions')}
          </Link>
        </p>
      )}
    </section>
  );
}
