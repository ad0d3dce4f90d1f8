import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OpportunityListItem } from '@nexa/domain';
// The declaration's own module, not the package's index: the dashboard's first load carries no zod.
import {
  currencyOf,
  fieldLabel,
  fieldOf,
  OPPORTUNITY_FIELDS,
  type FieldDeclaration,
  type FieldsWith,
} from '@nexa/domain/opportunity-fields';
import { overdue } from '@nexa/domain/deal-timing';
import { OverdueMark } from '../../../components/opportunities/overdue-mark.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../lib/use-media-query.ts';
import { LeadBadge } from '../../../components/ui/badge.tsx';
import { CardList, CardListItem } from '../../../components/ui/card-list.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import type { ListVariant } from '../../../components/opportunities/opportunity-filters.tsx';

/** A listed field (opportunity-fields.ts), the owner's name, or the stage with its overdue mark (the rep's status). */
type ColumnKey = FieldsWith<'listed'> | 'representative';

/** Each variant's columns, in order: the list's layout; how a column reads and sorts is its field's. */
const COLUMNS: Record<ListVariant, readonly ColumnKey[]> = {
  rep: ['product', 'client_company_name', 'amount', 'status', 'lead_status', 'next_meeting_date'],
  team: ['client_company_name', 'product', 'representative', 'amount', 'stage', 'closing_date', 'next_meeting_date'],
};
/** The field a column sorts by: the status column shows the stage, so it sorts in the pipeline's order. */
const sortField = (column: ColumnKey) => (column === 'status' ? 'stage' : column);
/** Sortable columns are those of sortable fields (the representative is a name the rows do not hold). */
const sortable = (column: ColumnKey) => !!fieldOf(sortField(column))?.sortable;

export interface OpportunityTableProps {
  items: OpportunityListItem[];
  sort: string;
  onSort: (sort: string) => void;
  variant?: ListVariant;
  /** Where a row's details open; none for a row that has no page (an unassigned deal). */
  detailsHref: (item: OpportunityListItem) => string | undefined;
  /** The owner's name (team list). */
  ownerName?: (item: OpportunityListItem) => string;
  rowOpens?: boolean;
}

/**
 * The opportunities of every list (the rep's page, the dashboard, the manager's team list): a table
 * whose headers sort and whose rows open the detail, or cards with a sort menu on a phone, where
 * seven columns do not fit.
 */
export function OpportunityTable(props: OpportunityTableProps) {
  return useMediaQuery(CARDS_BELOW) ? <OpportunityCards {...props} /> : <OpportunityRows {...props} />;
}

function useCells({ detailsHref, ownerName }: Pick<OpportunityTableProps, 'detailsHref' | 'ownerName'>) {
  const { t } = useTranslation('opportunities');
  const na = t('detail.na');
  /** A field's value as its kind reads: money in the deal's currency, a choice's name, a day, an instant. */
  const value = (item: OpportunityListItem, field: FieldsWith<'listed'>): ReactNode => {
    const declared: FieldDeclaration = OPPORTUNITY_FIELDS[field];
    const raw = item[field];
    if (declared.kind === 'money')
      return <span className="tabular-nums">{formatMoney(raw as number | null, { currency: currencyOf(item, field) })}</span>;
    if (raw === null || raw === undefined || raw === '') return na;
    if (declared.optionNames) return t(`${declared.optionNames}.${String(raw)}`);
    if (declared.kind === 'date') return formatDate(String(raw), { dateStyle: 'medium', timeZone: 'UTC' }) ?? na;
    if (declared.kind === 'datetime') return formatDate(String(raw)) ?? na;
    return String(raw);
  };
  const cells: Partial<Record<ColumnKey, (item: OpportunityListItem) => ReactNode>> = {
    representative: (item) => ownerName?.(item) ?? item.account_manager ?? na,
    // The canonical stage in the page's language, whatever the spelling received (shown in the detail).
    // The representative's list has no close-date column: a passed close date shows by the stage.
    status: (item) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        {t(`stage.${item.stage}`)}
        {overdue(item).closing && <OverdueMark kind="closing" />}
      </span>
    ),
    lead_status: (item) => <LeadBadge value={item.lead_status} na={na} />,
    closing_date: (item) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        {value(item, 'closing_date')}
        {overdue(item).closing && <OverdueMark kind="closing" />}
      </span>
    ),
    next_meeting_date: (item) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        {value(item, 'next_meeting_date')}
        {overdue(item).meeting && <OverdueMark kind="meeting" />}
      </span>
    ),
  };
  const cell = (column: ColumnKey, item: OpportunityListItem) =>
    cells[column]?.(item) ?? (column === 'representative' ? null : value(item, column));
  const details = (item: OpportunityListItem, compact = false) => {
    const href = detailsHref(item);
    if (!href) return null;
    return (
      <Link
        to={href}
        className="inline-flex items-center font-medium whitespace-nowrap text-brand-700 hover:underline"
        onClick={(e) => e.stopPropagation()}
        aria-label={compact ? t('list.viewDetails') : undefined}
        title={compact ? t('list.viewDetails') : undefined}
      >
        {compact ? <ChevronRight className="h-5 w-5" aria-hidden /> : t('list.viewDetails')}
      </Link>
    );
  };
  // A list's own heading where it has one ("Client Company"), else the field's label.
  const heading = (column: ColumnKey) => t([`columns.${column}`, fieldLabel(column)]);
  return { cell, details, heading };
}

function OpportunityRows({ items, sort, onSort, variant = 'rep', rowOpens = false, ...links }: OpportunityTableProps) {
  const { t } = useTranslation('opportunities');
  const navigate = useNavigate();
  const { cell, details, heading } = useCells(links);
  const current = sort.replace(/^-/, '');
  const descending = sort.startsWith('-');

  return (
    <Table>
      <thead>
        <tr>
          {COLUMNS[variant].map((column) => {
            if (!sortable(column)) {
              return (
                <Th key={column} className="whitespace-normal">
                  {heading(column)}
                </Th>
              );
            }
            const active = current === sortField(column);
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
                  onClick={() => onSort(active && !descending ? `-${sortField(column)}` : sortField(column))}
                  aria-label={t('list.sortBy', { column: heading(column) })}
                >
                  {heading(column)}
                  <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
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
        {items.map((item) => {
          const href = links.detailsHref(item);
          return (
            <tr
              key={item.id}
              data-testid="opportunity-row"
              className={rowOpens && href ? 'cursor-pointer hover:bg-slate-50' : 'hover:bg-slate-50'}
              onClick={rowOpens && href ? () => void navigate(href) : undefined}
            >
              {COLUMNS[variant].map((column, index) => (
                <Td
                  key={column}
                  className={
                    index === 0
                      ? 'font-medium'
                      : column === 'next_meeting_date' || column === 'closing_date'
                        ? 'whitespace-nowrap'
                        : undefined
                  }
                >
                  {cell(column, item)}
                </Td>
              ))}
              <Td className="text-right">{details(item, true)}</Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function OpportunityCards({ items, sort, onSort, variant = 'rep', ...links }: OpportunityTableProps) {
  const { t } = useTranslation('opportunities');
  const { cell, details, heading } = useCells(links);
  const id = useId();
  const columns = COLUMNS[variant];
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-medium text-slate-700">
          {t('list.sortLabel')}
        </label>
        <Select id={`${id}-sort`} className="min-w-0 flex-1" value={sort} onChange={(e) => onSort(e.target.value)}>
          <option value="live">{t('list.sortLive')}</option>
          {columns.filter(sortable).flatMap((column) => [
            <option key={column} value={sortField(column)}>
              {t('list.sortAscending', { column: heading(column) })}
            </option>,
            <option key={`-${column}`} value={`-${sortField(column)}`}>
              {t('list.sortDescending', { column: heading(column) })}
            </option>,
          ])}
        </Select>
      </div>
      <CardList>
        {items.map((item) => (
          <CardListItem
            key={item.id}
            data-testid="opportunity-row"
            title={cell('client_company_name', item)}
            action={details(item)}
            fields={columns
              .filter((column) => column !== 'client_company_name')
              .map((column) => ({
                label: heading(column),
                value: cell(column, item),
                wide: column === 'next_meeting_date',
              }))}
          />
        ))}
      </CardList>
    </div>
  );
}
