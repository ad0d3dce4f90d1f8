import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountListItem } from '@nexa/domain';
import { ACCOUNT_SORTS } from '@nexa/domain/account-list';
import { CardList, CardListItem } from '../../../components/ui/card-list.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../lib/use-media-query.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { ACCOUNTS_PAGE_SIZE, accountQuery, useAccounts } from '../api/accounts.ts';
import { useAccountLinks } from '../workspace.ts';

/**
 * Every account of the team, for a manager (issue 36): searched by name or web address, sorted,
 * paged, each with its figures over all its deals and a link to its page in the manager's workspace.
 * The list is the representative's My Companies' frame (search, table or cards, pager) over
 * GET /api/accounts, whose total is counted up to a bound: past it the page says "more than".
 */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  usePageMeta(`${t('list.title')} — Nexa`);
  const id = useId();
  const [filters, setFilters] = useUrlFilters<Record<string, string | number | undefined>>(['page']);
  const query = accountQuery(filters);
  const accounts = useAccounts(query);
  const [text, setText] = useSearchText(query.q, setFilters);

  const page = query.page ?? 1;
  const pages = accounts.data ? Math.max(1, Math.ceil(accounts.data.total / ACCOUNTS_PAGE_SIZE)) : 1;
  // Decision 044: a long list is counted up to a bound, and the pages after it stay reachable.
  const capped = accounts.data?.capped ?? false;
  const items = accounts.data?.items ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('list.title')}</h1>
        <p className="text-slate-600">{t('list.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center" role="search">
            <SearchInput
              label={t('list.searchLabel')}
              className="flex-1"
              placeholder={t('list.search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <label className="sr-only" htmlFor={`${id}-sort`}>
              {t('list.sortLabel')}
            </label>
            <Select
              id={`${id}-sort`}
              value={query.sort ?? 'name'}
              onChange={(e) => setFilters({ sort: e.target.value === 'name' ? undefined : e.target.value, page: undefined })}
            >
              {ACCOUNT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`list.sort.${sort}`)}
                </option>
              ))}
            </Select>
          </div>
          {accounts.isPending ? (
            <LoadingState>{t('loading')}</LoadingState>
          ) : accounts.isError ? (
            <ErrorState>{t('list.error', { message: t(errorKey(accounts.error)) })}</ErrorState>
          ) : items.length === 0 ? (
            <EmptyState title={t('list.empty')} />
          ) : (
            <>
              <p className="text-sm text-slate-600" aria-live="polite" data-testid="account-count">
                {t(capped ? 'list.countCapped' : 'list.count', { count: accounts.data?.total ?? 0 })}
              </p>
              <AccountList items={items} />
              <Pager
                page={page}
                pages={pages}
                onPage={(p) => setFilters({ page: p > 1 ? p : undefined })}
                labels={{
                  previous: t('list.previous'),
                  next: t('list.next'),
                  page: t(capped ? 'list.pageOfMore' : 'list.pageOf', { page, pages }),
                }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The accounts as a table, or as cards on a phone where six columns do not fit. */
function AccountList({ items }: { items: AccountListItem[] }) {
  const { t } = useTranslation('accounts');
  const links = useAccountLinks();
  const cards = useMediaQuery(CARDS_BELOW);
  const none = '—';
  const name = (account: AccountListItem) => (
    <Link to={links.account(account.id)} className="font-medium text-blue-700 hover:underline [overflow-wrap:anywhere]">
      {account.name}
    </Link>
  );
  const deals = ({ figures }: AccountListItem) =>
    `${figures.deal_count} · ${t('figures.openDeals', { count: figures.open_deals })}`;
  const won = ({ figures }: AccountListItem) =>
    `${formatMoney(figures.won_amount)} · ${t('figures.wonDeals', { count: figures.won_deals })}`;
  if (cards) {
    return (
      <CardList>
        {items.map((account) => (
          <CardListItem
            key={account.id}
            data-testid="account-row"
            title={name(account)}
            fields={[
              { label: t('list.columns.domain'), value: account.domain ?? none, wide: true },
              { label: t('list.columns.industry'), value: account.industry ?? none },
              { label: t('list.columns.deals'), value: deals(account) },
              { label: t('list.columns.openPipeline'), value: formatMoney(account.figures.open_pipeline) },
              { label: t('list.columns.won'), value: won(account) },
            ]}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Table label={t('list.title')}>
      <thead>
        <tr>
          <Th>{t('list.columns.name')}</Th>
          <Th>{t('list.columns.domain')}</Th>
          <Th>{t('list.columns.industry')}</Th>
          <Th>{t('list.columns.deals')}</Th>
          <Th className="text-right">{t('list.columns.openPipeline')}</Th>
          <Th className="text-right">{t('list.columns.won')}</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((account) => (
          <tr key={account.id} data-testid="account-row" className="hover:bg-slate-50">
            <Td>{name(account)}</Td>
            <Td className="whitespace-nowrap">{account.domain ?? none}</Td>
            <Td>{account.industry ?? none}</Td>
            <Td className="whitespace-nowrap tabular-nums">
              {account.figures.deal_count}
              <span className="block text-xs text-slate-500">
                {t('figures.openDeals', { count: account.figures.open_deals })}
              </span>
            </Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(account.figures.open_pipeline)}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(account.figures.won_amount)}
              <span className="block text-xs text-slate-500">{t('figures.wonDeals', { count: account.figures.won_deals })}</span>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
