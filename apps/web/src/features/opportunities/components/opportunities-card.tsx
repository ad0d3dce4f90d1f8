import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LIST_PAGE_SIZE, type UrlOpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { paths } from '../../../lib/paths.ts';
import { OpportunityList } from './opportunity-list.tsx';

const PAGE_SIZE = LIST_PAGE_SIZE.dashboard;

export interface OpportunitiesCardProps {
  filters: UrlOpportunityFilters;
  onFiltersChange: (next: Partial<UrlOpportunityFilters>) => void;
}

/** The rep dashboard's opportunities, filtered by the URL, soonest meeting first, ten a page. */
export function OpportunitiesCard({ filters, onFiltersChange }: OpportunitiesCardProps) {
  const { t } = useTranslation('pipeline');
  // The table takes the full width: beside the meetings it had two thirds of it, too little for its
  // seven columns, and its sort column (Next Meeting) was cut off up to 1920 px.
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('table.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <OpportunityList
          filters={filters}
          onFiltersChange={onFiltersChange}
          pageSize={PAGE_SIZE}
          detailsHref={(item) => paths.rep.opportunity.getHref(item.id)}
          rowOpens
          exportable
          compact
        />
      </CardContent>
    </Card>
  );
}
