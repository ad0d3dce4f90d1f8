import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { CardList, CardListItem } from '../../../components/ui/card-list.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../lib/use-media-query.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import type { TeamOverdue } from '@nexa/domain/schemas/tasks';
import { TASK_PAGE_SIZE, useTeamOverdue } from '../api/tasks.ts';

type TeamOverdueTask = TeamOverdue['items'][number];

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
              <OverdueList items={overdue.data.items} />
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

/** The overdue tasks as a table, or as cards on a phone where four columns do not fit. */
function OverdueList({ items }: { items: TeamOverdueTask[] }) {
  const { t } = useTranslation('tasks');
  const cards = useMediaQuery(CARDS_BELOW);
  const owner = (task: TeamOverdueTask) => (
    <Link to={paths.manager.representative.getHref(task.owner_id)} className="text-brand-700 hover:underline">
      {task.owner_name}
    </Link>
  );
  const deal = (task: TeamOverdueTask) =>
    task.opportunity_id !== null && task.opportunity_name !== null ? (
      <Link
        to={paths.manager.representativeOpportunity.getHref(task.owner_id, task.opportunity_id)}
        className="text-brand-700 hover:underline"
      >
        {task.opportunity_name}
      </Link>
    ) : (
      '—'
    );
  if (cards) {
    return (
      <CardList>
        {items.map((task) => (
          <CardListItem
            key={task.id}
            data-testid="team-overdue-item"
            title={task.title}
            fields={[
              { label: t('team.due'), value: <span className="text-red-700">{formatDateTime(task.due_at)}</span> },
              { label: t('team.owner'), value: owner(task) },
              { label: t('team.deal'), value: deal(task), wide: true },
            ]}
          />
        ))}
      </CardList>
    );
  }
  return (
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
        {items.map((task) => (
          <tr key={task.id} data-testid="team-overdue-row">
            <Td className="whitespace-nowrap">{owner(task)}</Td>
            <Td className="min-w-48">{task.title}</Td>
            <Td>{deal(task)}</Td>
            <Td className="whitespace-nowrap text-red-700">{formatDateTime(task.due_at)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
