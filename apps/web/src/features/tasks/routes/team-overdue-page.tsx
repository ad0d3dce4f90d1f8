import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { TASK_PAGE_SIZE, useTeamOverdue } from '../api/tasks.ts';

/** /manager/tasks: the team's open tasks past their due time, the longest overdue first, with who owns each. */
export function TeamOverduePage() {
  const { t } = useTranslation('tasks');
  usePageMeta(`${t('team.title')} — Nexa`);
  const [page, setPage] = useState(1);
  const overdue = useTeamOverdue(page);
  const pages = Math.max(1, Math.ceil((overdue.data?.total ?? 0) / TASK_PAGE_SIZE));
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('team.title')}</h1>
        <p className="text-slate-600">{t('team.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="pt-4">
          {overdue.isError ? (
            <ErrorState>{t('error', { message: t(errorKey(overdue.error)) })}</ErrorState>
          ) : !overdue.data ? (
            <LoadingState>{t('loading')}</LoadingState>
          ) : overdue.data.items.length === 0 ? (
            <EmptyState title={t('team.empty')} />
          ) : (
            <>
              <p className="mb-2 text-sm font-medium text-red-700">
                {t(overdue.data.capped ? 'team.totalCapped' : 'team.total', { count: overdue.data.total })}
              </p>
              {/* At 375 px each task is a card; from 640 px a table. */}
              <ul className="space-y-2 sm:hidden">
                {overdue.data.items.map((task) => (
                  <li key={task.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="team-overdue-item">
                    <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{task.title}</p>
                    <p className="mt-1 text-red-700">{formatDateTime(task.due_at)}</p>
                    <p className="mt-1 flex flex-wrap gap-x-3 text-slate-600">
                      <Link to={paths.manager.representative.getHref(task.owner_id)} className="text-brand-700 hover:underline">
                        {task.owner_name}
                      </Link>
                      {task.opportunity_id !== null && task.opportunity_name !== null && (
                        <Link
                          to={paths.manager.representativeOpportunity.getHref(task.owner_id, task.opportunity_id)}
                          className="text-brand-700 hover:underline"
                        >
                          {task.opportunity_name}
                        </Link>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <Table label={t('team.title')}>
                  <thead>
                    <tr>
                      <Th>{t('team.owner')}</Th>
                      <Th>{t('team.task')}</Th>
                      <Th>{t('team.deal')}</Th>
                      <Th>{t('team.due')}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {overdue.data.items.map((task) => (
                      <tr key={task.id} data-testid="team-overdue-row">
                        <Td className="whitespace-nowrap">
                          <Link
                            to={paths.manager.representative.getHref(task.owner_id)}
                            className="text-brand-700 hover:underline"
                          >
                            {task.owner_name}
                          </Link>
                        </Td>
                        <Td className="min-w-48">{task.title}</Td>
                        <Td>
                          {task.opportunity_id !== null && task.opportunity_name !== null ? (
                            <Link
                              to={paths.manager.representativeOpportunity.getHref(task.owner_id, task.opportunity_id)}
                              className="text-brand-700 hover:underline"
                            >
                              {task.opportunity_name}
                            </Link>
                          ) : (
                            '—'
                          )}
                        </Td>
                        <Td className="whitespace-nowrap text-red-700">{formatDateTime(task.due_at)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
              <Pager
                page={page}
                pages={pages}
                onPage={setPage}
                labels={{ previous: t('previous'), next: t('next'), page: t('page', { page, pages }) }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
