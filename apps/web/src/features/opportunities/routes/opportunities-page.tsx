import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreateOpportunityButton, RecentlyDeletedButton } from '../../../components/opportunities/create-opportunity-dialog.tsx';
import { listErrorMessage } from '../../../components/opportunities/list-error.ts';
import { OpportunityFilterBar } from '../../../components/opportunities/opportunity-filters.tsx';
import { OpportunityTable } from '../../../components/opportunities/opportunity-table.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { useOpportunities, type OpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { paths } from '../../../lib/paths.ts';

const PAGE_SIZE = 25;

export function OpportunitiesPage() {
  const { t } = useTranslation('opportunities');
  usePageMeta(`${t('list.title')} — Nexa`);
  const me = useMe();
  const [filters, setFilters] = useUrlFilters<OpportunityFilters & Record<string, string | number | undefined>>(['page']);
  const query = { ...filters, pageSize: PAGE_SIZE, sort: filters.sort ?? 'next_meeting_date', page: filters.page ?? 1 };
  const list = useOpportunities(query);
  const error = list.isError ? listErrorMessage(t, list.error) : null;
  useErrorToast(error);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('list.title')}</h1>
          <p className="text-slate-600">{t('list.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          {me.data && (
            <p className="text-sm font-medium text-slate-700" data-testid="opportunities-owner">
              {me.data.full_name}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <RecentlyDeletedButton />
            <CreateOpportunityButton detailHref={paths.rep.opportunity.getHref} />
          </div>
        </div>
      </header>
      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-5">
          <OpportunityFilterBar value={filters} onChange={setFilters} />
          {list.isPending ? (
            <LoadingState>{t('list.loading')}</LoadingState>
          ) : list.isError ? (
            <ErrorState>{error}</ErrorState>
          ) : list.data.items.length === 0 ? (
            <EmptyState title={t('list.empty')} hint={t('list.emptyHint')} />
          ) : (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t('list.count', { count: list.data.total })}
              </p>
              <OpportunityTable
                items={list.data.items}
                sort={query.sort}
                onSort={(sort) => setFilters({ sort, page: undefined })}
              />
              <Pager
                page={query.page}
                pages={pages}
                onPage={(page) => setFilters({ page: page > 1 ? page : undefined })}
                labels={{ previous: t('list.previous'), next: t('list.next'), page: t('list.page', { page: query.page, pages }) }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * A failed fetch says so once, with its reason. An empty answer has no toast: the list already
 * says so in place, and a second message about the same thing is noise.
 */
function useErrorToast(error: string | null) {
  const { t } = useTranslation('opportunities');
  useEffect(() => {
    if (error) toast.error(t('toasts.fetchError'), { description: error });
  }, [error, t]);
}
