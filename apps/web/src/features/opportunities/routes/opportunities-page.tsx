import { useTranslation } from 'react-i18next';
import { CreateOpportunityButton, RecentlyDeletedButton } from '../../../components/opportunities/opportunity-buttons.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import { LIST_PAGE_SIZE, type UrlOpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { OpportunityList } from '../components/opportunity-list.tsx';

const PAGE_SIZE = LIST_PAGE_SIZE.page;

/** The representative's own opportunities, filtered and sorted by the URL. */
export function OpportunitiesPage() {
  const { t } = useTranslation('opportunities');
  usePageMeta(`${t('list.title')} — Nexa`);
  const me = useMe();
  const [filters, setFilters] = useUrlFilters<UrlOpportunityFilters>(['page']);

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
        <CardContent className="pt-4 sm:pt-5">
          <OpportunityList
            filters={filters}
            onFiltersChange={setFilters}
            pageSize={PAGE_SIZE}
            detailsHref={(item) => paths.rep.opportunity.getHref(item.id)}
            showCount
            exportable
            toastErrors
          />
        </CardContent>
      </Card>
    </div>
  );
}
