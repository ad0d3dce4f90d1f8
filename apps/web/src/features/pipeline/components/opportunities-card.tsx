import { useTranslation } from 'react-i18next';
import { listErrorMessage } from '../../../components/opportunities/list-error.ts';
import { OpportunityFilterBar } from '../../../components/opportunities/opportunity-filters.tsx';
import { OpportunityTable } from '../../../components/opportunities/opportunity-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { useOpportunities, type OpportunityFilters } from '../../../lib/api/get-opportunities.ts';

const PAGE_SIZE = 10;

export type DashboardFilters = OpportunityFilters & Record<string, string | number | undefined>;

/** The rep's opportunities, filtered by the URL, soonest meeting first, ten a page. */
export function OpportunitiesCard({
  filters,
  onFiltersChange,
}: {
  filters: DashboardFilters;
  onFiltersChange: (next: Partial<DashboardFilters>) => void;
}) {
  const { t } = useTranslation(['pipeline', 'opportunities']);
  const query = { ...filters, pageSize: PAGE_SIZE, sort: filters.sort ?? 'next_meeting_date', page: filters.page ?? 1 };
  const list = useOpportunities(query);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // The table takes the full width: beside the meetings it had two thirds of it, too little for its
  // seven columns, and its sort column (Next Meeting) was cut off up to 1920 px.
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('table.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <OpportunityFilterBar value={filters} onChange={onFiltersChange} />
        {list.isPending ? (
          <LoadingState className="py-8">{t('opportunities:list.loading')}</LoadingState>
        ) : list.isError ? (
          <ErrorState className="py-8">{listErrorMessage(t, list.error)}</ErrorState>
        ) : list.data.items.length === 0 ? (
          <EmptyState className="py-8" title={t('opportunities:list.empty')} hint={t('opportunities:list.emptyHint')} />
        ) : (
          <>
            <OpportunityTable
              items={list.data.items}
              sort={query.sort}
              onSort={(sort) => onFiltersChange({ sort, page: undefined })}
              rowOpens
            />
            <Pager
              page={query.page}
              pages={pages}
              onPage={(page) => onFiltersChange({ page: page > 1 ? page : undefined })}
              labels={{
                previous: t('opportunities:list.previous'),
                next: t('opportunities:list.next'),
                page: t('opportunities:list.page', { page: query.page, pages }),
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
