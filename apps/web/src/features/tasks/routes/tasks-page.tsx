import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TASK_VIEWS, taskCountLabel, type TaskView } from '@nexa/domain/tasks';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { TASK_PAGE_SIZE, useTasks } from '../api/tasks.ts';
import { NewTaskForm } from '../components/new-task-form.tsx';
import { TaskSuggestions } from '../components/suggestions.tsx';
import { TaskList, useTaskActions } from '../components/task-list.tsx';
import { browserZone, isTyping } from '../task-time.ts';

const isView = (value: string | null): value is TaskView => TASK_VIEWS.includes(value as TaskView);
const dealHref = (id: number) => paths.rep.opportunity.getHref(id);

/**
 * /rep/tasks: what the representative owes whom — today, overdue, upcoming, done — with a call's next
 * steps to accept or dismiss above. Keyboard first: N adds a task; on a row X completes, S snoozes,
 * Delete removes, arrows move; every change offers an undo.
 */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  usePageMeta(`${t('title')} — Nexa`);
  const [params, setParams] = useSearchParams();
  const view: TaskView = isView(params.get('view')) ? (params.get('view') as TaskView) : 'today';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const tasks = useTasks(view, page);
  const timeZone = tasks.data?.timeZone ?? browserZone();
  const titleInput = useRef<HTMLInputElement>(null);
  const actions = useTaskActions();

  // N (for "new") puts the cursor in the quick add, unless a field is being typed in.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'n' || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      event.preventDefault();
      titleInput.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The tabs' counts stop at 99 ("99+") and the list's total at a bound past the page (decision 044):
  // "more than", and the pages after it stay reachable.
  const counts = tasks.data?.counts;
  const capped = tasks.data?.capped ?? false;
  const pages = Math.max(1, Math.ceil((tasks.data?.total ?? 0) / TASK_PAGE_SIZE));
  const go = (next: { view?: TaskView; page?: number }) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.view) search.set('view', next.view);
        if (next.page && next.page > 1) search.set('page', String(next.page));
        else search.delete('page');
        return search;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-600">{t('subtitle', { zone: timeZone })}</p>
        <p className="text-sm text-slate-500" id="task-shortcuts">
          {t('shortcuts')}
        </p>
      </header>

      {/* The form's default due time is read in the zone, so it waits for the server's answer naming it. */}
      {tasks.data ? (
        <NewTaskForm ref={titleInput} timeZone={timeZone} />
      ) : (
        <div className="h-24 rounded-xl bg-slate-100" aria-hidden />
      )}

      {tasks.data && <TaskSuggestions timeZone={timeZone} dealHref={dealHref} />}

      <Tabs value={view} onValueChange={(value) => go({ view: value as TaskView })}>
        <TabsList aria-label={t('views.label')} className="grid w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto">
          {TASK_VIEWS.map((name) => (
            <TabsTrigger key={name} value={name} data-testid={`task-tab-${name}`}>
              {counts && name !== 'done'
                ? t('count', { label: t(`views.${name}`), count: taskCountLabel(counts[name]) })
                : t(`views.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TASK_VIEWS.map((name) => (
          <TabsContent key={name} value={name} aria-describedby="task-shortcuts">
            {name !== view ? null : tasks.isError ? (
              <ErrorState>{t('error', { message: t(errorKey(tasks.error)) })}</ErrorState>
            ) : !tasks.data ? (
              <LoadingState>{t('loading')}</LoadingState>
            ) : tasks.data.items.length === 0 ? (
              <EmptyState title={t(`empty.${name}`)} />
            ) : (
              <TaskList tasks={tasks.data.items} view={name} dealHref={dealHref} actions={actions} />
            )}
          </TabsContent>
        ))}
      </Tabs>

      {pages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label={t('pages')}>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('previous')}
          </Button>
          <span className="text-sm text-slate-600">{t(capped ? 'pageOfMore' : 'page', { page, pages })}</span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            {t('next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
