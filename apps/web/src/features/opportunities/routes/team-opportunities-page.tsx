import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpportunityListItem } from '@nexa/domain';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import type { UrlOpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { useRepresentatives } from '../../../lib/api/get-representatives.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { OpportunityList } from '../components/opportunity-list.tsx';

const PAGE_SIZE = 25;

/**
 * The manager's list of every representative's deals: filters in the URL (so a view can be shared),
 * sortable, paged, exported as CSV with the same filters.
 */
export function TeamOpportunitiesPage() {
  const { t } = useTranslation('opportunities');
  usePageMeta(`${t('team.title')} — Nexa`);
  const [filters, setFilters] = useUrlFilters<UrlOpportunityFilters>(['page']);
  // The same query as the filter bar's representative menu: one request for both.
  const representatives = useRepresentatives({ q: '', sort: 'full_name', page: 1, pageSize: 200 });
  const names = useMemo(
    () => new Map((representatives.data?.items ?? []).flatMap((rep) => (rep.id ? [[rep.id, rep.full_name] as const] : []))),
    [representatives.data],
  );
  const ownerName = (item: OpportunityListItem) => (item.owner_id && names.get(item.owner_id)) || t('team.unassigned');
  // An unassigned deal has no representative's page to open it in.
  const detailsHref = (item: OpportunityListItem) =>
    item.owner_id && names.has(item.owner_id)
      ? paths.manager.representativeOpportunity.getHref(item.owner_id, item.id)
      : undefined;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('team.title')}</h1>
        <p className="text-slate-600">{t('team.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="pt-4 sm:pt-5">
          <OpportunityList
            variant="team"
            filters={filters}
            onFiltersChange={setFilters}
            pageSize={PAGE_SIZE}
            ownerName={ownerName}
            detailsHref={detailsHref}
            rowOpens
            showCount
            exportable
            toastErrors
          />
        </CardContent>
      </Card>
    </div>
  );
}
