import { AlarmClock, Check, Circle, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { SnoozeChoice, TaskView } from '@nexa/domain/tasks';
import type { Task } from '@nexa/domain/schemas/tasks';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteTask, usePatchTask, useRestoreTask } from '../api/tasks.ts';

const SNOOZES: Array<[SnoozeChoice, string]> = [
  ['hour', 'row.snoozeHour'],
  ['tomorrow', 'row.snoozeTomorrow'],
  ['next_week', 'row.snoozeNextWeek'],
];

/**
 * What a row does, with an undo toast for each: complete/reopen, snooze, delete. Called by the page,
 * which stays mounted when a list empties, so an undo's own answer is still shown.
 */
export function useTaskActions() {
  const { t } = useTranslation('tasks');
  const patch = usePatchTask();
  const remove = useDeleteTask();
  const restore = useRestoreTask();
  const failed = (error: unknown) => toast.error(t('row.error', { message: t(errorKey(error)) }));

  const toggle = (task: Task) => {
    const status = task.status === 'done' ? 'open' : 'done';
    patch.mutate(
      { id: task.id, status },
      {
        onSuccess: () =>
          toast.success(t(status === 'done' ? 'row.completed' : 'row.reopened', { title: task.title }), {
            action: {
              label: t('row.undo'),
              onClick: () =>
                patch.mutate(
                  { id: task.id, status: task.status === 'done' ? 'done' : 'open' },
                  {
                    onSuccess: () =>
                      toast.success(t(task.status === 'done' ? 'row.completed' : 'row.reopened', { title: task.title })),
                    onError: failed,
                  },
                ),
            },
          }),
        onError: failed,
      },
    );
  };
  const snooze = (task: Task, choice: SnoozeChoice) =>
    patch.mutate(
      { id: task.id, snooze: choice },
      {
        onSuccess: (after) =>
          toast.success(t('row.snoozed', { title: task.title, when: formatDateTime(after.due_at) }), {
            action: {
              label: t('row.undo'),
              onClick: () => patch.mutate({ id: task.id, due_at: task.due_at }, { onError: failed }),
            },
          }),
        onError: failed,
      },
    );
  const drop = (task: Task) =>
    remove.mutate(task.id, {
      onSuccess: () =>
        toast.success(t('row.deleted', { title: task.title }), {
          action: {
            label: t('row.undo'),
            onClick: () =>
              restore.mutate(task.id, {
                onSuccess: () => toast.success(t('row.restored', { title: task.title })),
                onError: failed,
              }),
          },
        }),
      onError: failed,
    });
  return { toggle, snooze, drop };
}

export type TaskActions = ReturnType<typeof useTaskActions>;

function TaskRow({
  task,
  view,
  actions,
  dealHref,
  onMove,
}: {
  task: Task;
  view: TaskView;
  actions: TaskActions;
  dealHref: (id: number) => string;
  onMove: (from: HTMLElement, step: 1 | -1) => void;
}) {
  const { t } = useTranslation('tasks');
  const [snoozing, setSnoozing] = useState(false);
  const done = task.status === 'done';
  const overdue = view === 'overdue';

  // Shortcuts on the focused row itself (not on its buttons or links).
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'x') actions.toggle(task);
    else if (key === 's' && !done) actions.snooze(task, 'tomorrow');
    else if (event.key === 'Delete' || event.key === 'Backspace') actions.drop(task);
    else if (event.key === 'ArrowDown' || key === 'j') onMove(event.currentTarget, 1);
    else if (event.key === 'ArrowUp' || key === 'k') onMove(event.currentTarget, -1);
    else return;
    event.preventDefault();
  };

  return (
    <li
      tabIndex={0}
      data-testid="task-row"
      data-task-id={task.id}
      aria-label={task.title}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:flex-row sm:items-start"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <button
          type="button"
          onClick={() => actions.toggle(task)}
          aria-pressed={done}
          aria-label={t(done ? 'row.reopen' : 'row.complete', { title: task.title })}
          className={cn(
            'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 focus-visible:outline-2 focus-visible:outline-brand-600',
            done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-400 text-transparent hover:text-slate-400',
          )}
        >
          {done ? <Check className="h-4 w-4" aria-hidden /> : <Circle className="h-3 w-3" aria-hidden />}
        </button>
        <div className="min-w-0 flex-1">
          <p className={cn('font-medium [overflow-wrap:anywhere] text-slate-900', done && 'text-slate-500 line-through')}>
            {task.title}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className={cn(overdue && 'font-medium text-red-700')}>
              {overdue && <span className="sr-only">{t('row.overdue')}: </span>}
              {done && task.completed_at
                ? t('row.doneAt', { when: formatDateTime(task.completed_at) })
                : t('row.due', { when: formatDateTime(task.due_at) })}
            </span>
            {task.opportunity_id !== null && task.opportunity_name !== null && (
              <Link to={dealHref(task.opportunity_id)} className="text-brand-700 hover:underline">
                {t('row.deal', { name: task.opportunity_name })}
              </Link>
            )}
            {task.source === 'call' && (
              <span className="rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-700">{t('row.fromCall')}</span>
            )}
          </p>
          {task.source === 'call' && task.source_quote && (
            <p className="mt-1 border-l-2 border-slate-200 pl-2 text-sm text-slate-600 italic [overflow-wrap:anywhere]">
              {task.source_line !== null && <span className="not-italic">{t('row.line', { line: task.source_line })} · </span>}
              <q>{task.source_quote}</q>
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:justify-end">
        {!done &&
          (snoozing ? (
            <div role="group" aria-label={t('row.snoozeLabel', { title: task.title })} className="flex flex-wrap gap-1">
              {SNOOZES.map(([choice, label]) => (
                <Button
                  key={choice}
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setSnoozing(false);
                    actions.snooze(task, choice);
                  }}
                >
                  {t(label)}
                </Button>
              ))}
            </div>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('row.snoozeLabel', { title: task.title })}
              onClick={() => setSnoozing(true)}
            >
              <AlarmClock className="h-4 w-4" aria-hidden />
              {t('row.snooze')}
            </Button>
          ))}
        <Button size="sm" variant="ghost" aria-label={t('row.delete', { title: task.title })} onClick={() => actions.drop(task)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** One list of tasks; after a row leaves it (done, snoozed, deleted), the focus stays at its place. */
export function TaskList({
  tasks,
  view,
  dealHref,
  actions,
}: {
  tasks: Task[];
  view: TaskView;
  dealHref: (id: number) => string;
  actions: TaskActions;
}) {
  const list = useRef<HTMLUListElement>(null);
  const focusedIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusedIndex.current;
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-testid="task-row"]');
    if (index === null || !rows || document.activeElement !== document.body) return;
    rows[Math.min(index, rows.length - 1)]?.focus();
  }, [tasks]);

  const onMove = (from: HTMLElement, step: 1 | -1) => {
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-testid="task-row"]') ?? [])];
    rows[rows.indexOf(from) + step]?.focus();
  };

  return (
    <ul
      ref={list}
      className="space-y-2"
      onFocus={(event) => {
        const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-testid="task-row"]') ?? [])];
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="task-row"]');
        focusedIndex.current = row ? rows.indexOf(row) : null;
      }}
    >
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} view={view} actions={actions} dealHref={dealHref} onMove={onMove} />
      ))}
    </ul>
  );
}
