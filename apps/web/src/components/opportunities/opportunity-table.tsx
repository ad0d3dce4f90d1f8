import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { displayStatus, type OpportunityListItem } from '@nexa/domain';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { CARDS_BELOW, useMediaQuery } from '../../lib/use-media-query.ts';
import { LeadBadge } from '../ui/badge.tsx';
import { CardList, CardListItem } from '../ui/card-list.tsx';
import { Select } from '../ui/select.tsx';
import { Table, Td, Th } from '../ui/table.tsx';

const COLUMNS = ['product', 'client_company_name', 'amount', 'status', 'lead_status', 'next_meeting_date'] as const;

interface OpportunityTableProps {
  items: OpportunityListItem[];
  sort: string;
  onSort: (sort: string) => void;
  rowOpens?: boolean;
}

/**
 * The opportunities of the list page and the dashboard: a table whose headers sort and whose rows
 * open the detail, or cards with a sort menu on a phone, where seven columns do not fit.
 */
export function OpportunityTable(props: OpportunityTableProps) {
  return useMediaQuery(CARDS_BELOW) ? <OpportunityCards {...props} /> : <OpportunityRows {...props} />;
}

function useCells() {
  const { t } = useTranslation('opportunities');
  const na = t('detail.na');
  return {
    product: (item: OpportunityListItem) => item.product ?? na,
    company: (item: OpportunityListItem) => item.client_company_name ?? na,
    status: (item: OpportunityListItem) =>
      t(`status.${displayStatus(item.status)}`, { defaultValue: displayStatus(item.status) }),
    lead: (item: OpportunityListItem) => <LeadBadge value={item.lead_status} na={na} />,
    meeting: (item: OpportunityListItem) => formatDate(item.next_meeting_date) ?? na,
    details: (item: OpportunityListItem, compact = false) => (
      <Link
        to={paths.rep.opportunity.getHref(item.id)}
        className="inline-flex items-center font-medium whitespace-nowrap text-brand-700 hover:underline"
        onClick={(e) => e.stopPropagation()}
        aria-label={compact ? t('list.viewDetails') : undefined}
        title={compact ? t('list.viewDetails') : undefined}
      >
        {compact ? <ChevronRight className="h-5 w-5" aria-hidden /> : t('list.viewDetails')}
      </Link>
    ),
  };
}

function OpportunityRows({ items, sort, onSort, rowOpens = false }: OpportunityTableProps) {
  const { t } = useTranslation('opportunities');
  const navigate = useNavigate();
  const cells = useCells();
  const current = sort.replace(/^-/, '');
  const descending = sort.startsWith('-');

  return (
    <Table>
      <thead>
        <tr>
          {COLUMNS.map((column) => {
            const active = current === column;
            const Icon = active ? (descending ? ArrowDown : ArrowUp) : ArrowUpDown;
            return (
              // Headers wrap, and the row's link is an arrow: seven columns then fit beside the
              // workspace's sidebar from 1280 px, in French too.
              <Th
                key={column}
                className="whitespace-normal"
                aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 text-left uppercase hover:text-slate-900"
                  onClick={() => onSort(active && !descending ? `-${column}` : column)}
                  aria-label={t('list.sortBy', { column: t(`columns.${column}`) })}
                >
                  {t(`columns.${column}`)}
                  <Icon className="h-3.5 w-3.5" aria-hidden />
                </button>
              </Th>
            );
          })}
          <Th>
            <span className="sr-only">{t('columns.actions')}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr
            key={item.id}
            data-testid="opportunity-row"
            className={rowOpens ? 'cursor-pointer hover:bg-slate-50' : 'hover:bg-slate-50'}
            onClick={rowOpens ? () => void navigate(paths.rep.opportunity.getHref(item.id)) : undefined}
          >
            <Td className="font-medium">{cells.product(item)}</Td>
            <Td>{cells.company(item)}</Td>
            <Td className="tabular-nums">{formatMoney(item.amount)}</Td>
            <Td>{cells.status(item)}</Td>
            <Td>{cells.lead(item)}</Td>
            <Td className="whitespace-nowrap">{cells.meeting(item)}</Td>
            <Td className="text-right">{cells.details(item, true)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function OpportunityCards({ items, sort, onSort }: OpportunityTableProps) {
  const { t } = useTranslation('opportunities');
  const cells = useCells();
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-medium text-slate-700">
          {t('list.sortLabel')}
        </label>
        <Select id={`${id}-sort`} className="min-w-0 flex-1" value={sort} onChange={(e) => onSort(e.target.value)}>
          {COLUMNS.flatMap((column) => [
            <option key={column} value={column}>
              {t('list.sortAscending', { column: t(`columns.${column}`) })}
            </option>,
            <option key={`-${column}`} value={`-${column}`}>
              {t('list.sortDescending', { column: t(`columns.${column}`) })}
            </option>,
          ])}
        </Select>
      </div>
      <CardList>
        {items.map((item) => (
          <CardListItem
            key={item.id}
            data-testid="opportunity-row"
            title={cells.company(item)}
            action={cells.details(item)}
            fields={[
              { label: t('columns.product'), value: cells.product(item) },
              { label: t('columns.amount'), value: <span className="tabular-nums">{formatMoney(item.amount)}</span> },
              { label: t('columns.status'), value: cells.status(item) },
              { label: t('columns.lead_status'), value: cells.lead(item) },
              { label: t('columns.next_meeting_date'), value: cells.meeting(item), wide: true },
            ]}
          />
        ))}
      </CardList>
    </div>
  );
}
