import { Download } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { Pager } from '../../../components/ui/table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import {
  listQuery,
  opportunitiesExportHref,
  useOpportunities,
  type UrlOpportunityFilters,
} from '../../../lib/api/get-opportunities.ts';
import { listErrorMessage } from './list-error.ts';
import { OpportunityFilterBar, type ListVariant } from '../../../components/opportunities/opportunity-filters.tsx';
import { OpportunityTable, type OpportunityTableProps } from './opportunity-table.tsx';

export interface OpportunityListProps extends Pick<OpportunityTableProps, 'detailsHref' | 'ownerName' | 'rowOpens'> {
  /** The filters, sort and page, as the URL holds them. */
  filters: UrlOpportunityFilters;
  onFiltersChange: (patch: Partial<UrlOpportunityFilters>) => void;
  pageSize: number;
  variant?: ListVariant;
  /** A line with the number of matching rows (and the export, when offered) above the table. */
  showCount?: boolean;
  /** A link that downloads the matching rows as CSV. */
  exportable?: boolean;
  /** A failed fetch also raises a toast (the page's main content, not a card among others). */
  toastErrors?: boolean;
  compact?: boolean;
}

/**
 * One list of opportunities: filters, the rows (a table, or cards on a phone) with sortable headers,
 * the pager, and the loading, error and empty states. The rep's list page, the rep's dashboard card
 * and the manager's team list are this component with different options.
 */
export function OpportunityList({
  filters,
  onFiltersChange,
  pageSize,
  variant = 'rep',
  showCount = false,
  exportable = false,
  toastErrors = false,
  compact = false,
  ...table
}: OpportunityListProps) {
  const { t } = useTranslation('opportunities');
  const query = listQuery(filters, pageSize);
  const list = useOpportunities(query);
  const error = list.isError ? listErrorMessage(t, list.error) : null;
  useErrorToast(toastErrors ? error : null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  const stateClass = compact ? 'py-8' : undefined;

  return (
    <div className="space-y-4">
      <OpportunityFilterBar value={filters} onChange={onFiltersChange} variant={variant} />
      {list.isPending ? (
        <LoadingState className={stateClass}>{t('list.loading')}</LoadingState>
      ) : list.isError ? (
        <ErrorState className={stateClass}>{error}</ErrorState>
      ) : list.data.items.length === 0 ? (
        <EmptyState className={stateClass} title={t('list.empty')} hint={t('list.emptyHint')} />
      ) : (
        <>
          {(showCount || exportable) && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              {showCount && (
                <p className="text-sm text-slate-600" aria-live="polite" data-testid="opportunities-count">
                  {t('list.count', { count: list.data.total })}
                </p>
              )}
              {exportable && (
                <a
                  href={opportunitiesExportHref(query)}
                  download
                  className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                  data-testid="opportunities-export"
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {t('list.export')}
                </a>
              )}
            </div>
          )}
          <OpportunityTable
            items={list.data.items}
            sort={query.sort}
            onSort={(sort) => onFiltersChange({ sort, page: undefined })}
            variant={variant}
            {...table}
          />
          <Pager
            page={query.page}
            pages={pages}
            onPage={(page) => onFiltersChange({ page: page > 1 ? page : undefined })}
            labels={{ previous: t('list.previous'), next: t('list.next'), page: t('list.page', { page: query.page, pages }) }}
          />
        </>
      )}
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
