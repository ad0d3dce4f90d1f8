import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskCountLabel } from '@nexa/domain/tasks';
import { formatDateTime } from '../../../lib/format.ts';
import { useTasks } from '../api/task-reads.ts';

/**
 * The dashboard's card: how many tasks are overdue and due today, and today's next five. Kept as
 * small as it can be for /rep's 200 KB budget (e2e/js-budget.spec.ts): the task pages' own read
 * (api/task-reads.ts: type imports only, no mutations, no zod), so every task write refreshes it,
 * its words in the already loaded workspace namespace.
 */
export function TasksCard({ href }: { href: string }) {
  const { t } = useTranslation('workspace');
  const { data } = useTasks('today', 1, 5);
  return (
    <section
      aria-labelledby="tasks-card"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="tasks-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tasks-card" className="text-lg font-semibold text-slate-900">
          {t('tasksCard.title')}
        </h2>
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          {t('tasksCard.open')}
        </Link>
      </div>
      {data && (
        <>
          <p className={data.counts.overdue ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-600'}>
            {t('tasksCard.summary', { overdue: taskCountLabel(data.counts.overdue), today: taskCountLabel(data.counts.today) })}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {data.items.map((task) => (
              <li key={task.id} className="flex flex-wrap justify-between gap-x-3">
                <span className="[overflow-wrap:anywhere] text-slate-900">{task.title}</span>
                <span className="text-slate-600">{formatDateTime(task.due_at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
