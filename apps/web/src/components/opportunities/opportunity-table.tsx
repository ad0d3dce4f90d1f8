import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { displayStatus, type OpportunityListItem } from '@nexa/domain';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { LeadBadge } from '../ui/badge.tsx';
import { Table, Td, Th } from '../ui/table.tsx';

const COLUMNS = ['product', 'client_company_name', 'amount', 'status', 'lead_status', 'next_meeting_date'] as const;

/** The opportunities table of the list page and the dashboard; headers sort, rows open the detail. */
export function OpportunityTable({
  items,
  sort,
  onSort,
  rowOpens = false,
}: {
  items: OpportunityListItem[];
  sort: string;
  onSort: (sort: string) => void;
  rowOpens?: boolean;
}) {
  const { t } = useTranslation('opportunities');
  const navigate = useNavigate();
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
              <Th key={column} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                  onClick={() => onSort(active && !descending ? `-${column}` : column)}
                  aria-label={t('list.sortBy', { column: t(`columns.${column}`) })}
                >
                  {t(`columns.${column}`)}
                  <Icon className="h-3.5 w-3.5" aria-hidden />
                </button>
              </Th>
            );
          })}
          <Th>{t('columns.actions')}</Th>
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
            <Td className="font-medium">{item.product ?? t('detail.na')}</Td>
            <Td>{item.client_company_name ?? t('detail.na')}</Td>
            <Td className="tabular-nums">{formatMoney(item.amount)}</Td>
            <Td>{t(`status.${displayStatus(item.status)}`, { defaultValue: displayStatus(item.status) })}</Td>
            <Td>
              <LeadBadge value={item.lead_status} na={t('detail.na')} />
            </Td>
            <Td className="whitespace-nowrap">{formatDate(item.next_meeting_date) ?? t('detail.na')}</Td>
            <Td>
              <Link
                to={paths.rep.opportunity.getHref(item.id)}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                onClick={(e) => e.stopPropagation()}
              >
                {t('list.viewDetails')}
              </Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
