import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useForecastDeals, type FigureSelection } from '../api/forecast.ts';
import { formatDay } from '../format-day.ts';
import { DealLink } from './deal-link.tsx';

const PAGE_SIZE = 25;

/** The deals behind one figure, biggest first, with the figure's total. */
export function FigureDeals({
  selection,
  headingRef,
  onPage,
  onClose,
}: {
  selection: FigureSelection & { name: string };
  headingRef: RefObject<HTMLHeadingElement | null>;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('insights');
  const deals = useForecastDeals(selection);
  const pages = deals.data ? Math.max(1, Math.ceil(deals.data.total / PAGE_SIZE)) : 1;
  return (
    <Card padded aria-labelledby="figure-deals-title" role="region" data-testid="figure-deals">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="figure-deals-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {t('deals.title', { figure: t(`figures.${selection.figure}`), name: selection.name })}
          </h2>
          {deals.data && (
            <p className="text-sm text-slate-600" data-testid="figure-deals-summary">
              {t('deals.summary', { count: deals.data.total, sum: formatMoney(deals.data.sum) })}
            </p>
          )}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('deals.close')}
        </Button>
      </div>
      {deals.isPending && <LoadingState>{t('forecast.loading')}</LoadingState>}
      {deals.isError && <ErrorState>{t('forecast.error', { message: t(errorKey(deals.error)) })}</ErrorState>}
      {deals.data && deals.data.items.length === 0 && <EmptyState title={t('deals.empty')} />}
      {deals.data && deals.data.items.length > 0 && (
        <>
          <Table>
            <thead>
              <tr>
                <Th>{t('deals.company')}</Th>
                <Th>{t('deals.owner')}</Th>
                <Th>{t('deals.stage')}</Th>
                <Th>{t('deals.category')}</Th>
                <Th>{t('deals.closing')}</Th>
                <Th className="text-right">{t('deals.amount')}</Th>
                {selection.figure === 'weighted' && <Th className="text-right">{t('deals.weighted')}</Th>}
              </tr>
            </thead>
            <tbody>
              {deals.data.items.map((deal) => (
                <tr key={deal.id}>
                  <Td>
                    <DealLink deal={deal} fallback={t('deals.noCompany')} testId="figure-deal-link" />
                  </Td>
                  <Td>{deal.owner_name ?? t('forecast.unassigned')}</Td>
                  <Td className="whitespace-nowrap">{t(`stages.${deal.stage}`)}</Td>
                  <Td className="whitespace-nowrap">{t(`groups.${deal.forecast_group}`)}</Td>
                  <Td className="whitespace-nowrap">{deal.closing_date ? formatDay(deal.closing_date) : ''}</Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(deal.amount)}</Td>
                  {selection.figure === 'weighted' && (
                    <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(deal.weighted)}</Td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={selection.page}
            pages={pages}
            onPage={onPage}
            labels={{
              previous: t('deals.pager.previous'),
              next: t('deals.pager.next'),
              page: t('deals.pager.page', { page: selection.page, pages }),
            }}
          />
        </>
      )}
    </Card>
  );
}
