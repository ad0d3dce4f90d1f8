import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { json, renderRoutes } from '../../test/render-routes.tsx';
import { AccountPage } from './routes/account-page.tsx';
import { AccountsPage } from './routes/accounts-page.tsx';

/*
 * The manager's Accounts (issue 36): the list over GET /api/accounts with its search, sort, pages and
 * bounded total, and an account's page whose links stay in the workspace it is opened in.
 */
const FIGURES = { deal_count: 3, open_deals: 2, open_pipeline: 45000, won_deals: 1, won_amount: 12000 };
const ACCOUNT = {
  id: 7,
  name: 'Orion Freight',
  domain: 'orion.example',
  industry: 'Logistics',
  size: null,
  country: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const DETAIL = {
  account: ACCOUNT,
  figures: FIGURES,
  deals: [
    {
      id: 1,
      product: 'Fleet telematics',
      stage: 'Proposal',
      outcome: 'open',
      amount: 30000,
      currency: 'EUR',
      owner_id: 'rep-alex',
      owner_name: 'Alex Martin',
      next_meeting_date: null,
      closing_date: null,
    },
    {
      id: 2,
      product: 'Route planning',
      stage: 'New',
      outcome: 'open',
      amount: 15000,
      currency: 'EUR',
      owner_id: null,
      owner_name: null,
      next_meeting_date: null,
      closing_date: null,
    },
  ],
  more_deals: false,
  contacts: [{ id: 3, full_name: 'Priya Shah', title: 'CFO', email: null, phone: null }],
  more_contacts: false,
  history: [],
};

let list: { items: unknown[]; total: number; capped: boolean };
let fetchMock: ReturnType<typeof vi.fn>;
const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/accounts?'));

const renderAt = (url: string) =>
  renderRoutes(
    [
      { path: '/manager/accounts', element: <AccountsPage /> },
      { path: '/manager/accounts/:accountId', element: <AccountPage /> },
      { path: '/rep/companies/:accountId', element: <AccountPage /> },
    ],
    url,
  );

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['accounts', 'common']);
});
beforeEach(() => {
  list = { items: [{ ...ACCOUNT, figures: FIGURES }], total: 1, capped: false };
  fetchMock = vi.fn(async (url: string) => (String(url).startsWith('/api/accounts/7') ? json(DETAIL) : json(list)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the manager’s account list', () => {
  it('shows each account’s figures and opens its page in the manager’s workspace', async () => {
    renderAt('/manager/accounts');
    const row = await screen.findByTestId('account-row');
    expect(within(row).getByRole('link', { name: 'Orion Freight' }).getAttribute('href')).toBe('/manager/accounts/7');
    expect(row.textContent).toContain('orion.example');
    expect(row.textContent).toContain('2 open');
    expect(row.textContent).toContain('1 deal won');
    expect(screen.getByTestId('account-count').textContent).toBe('1 account');
  });

  it('says "more than" when the server stopped counting, and keeps the next pages reachable', async () => {
    list = { ...list, total: 1025, capped: true };
    renderAt('/manager/accounts?page=2');
    expect((await screen.findByTestId('account-count')).textContent).toMatch(/^More than 1,?025 accounts$/);
    expect(screen.getByText('Page 2 of more than 41')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    expect(listCalls().at(-1)).toContain('page=2');
  });

  it('sorts and searches through the URL, and asks the default order for a sort it does not know', async () => {
    const router = renderAt('/manager/accounts?sort=bogus');
    await screen.findByTestId('account-row');
    expect(listCalls().every((url) => !url.includes('sort='))).toBe(true);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort accounts'), 'Name, Z to A');
    await waitFor(() => expect(router.state.location.search).toContain('sort=-name'));
    await waitFor(() => expect(listCalls().at(-1)).toContain('sort=-name'));
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'orion');
    await waitFor(() => expect(listCalls().at(-1)).toContain('q=orion'));
    expect(listCalls().at(-1)).toContain('sort=-name');
  });
});

describe('an account’s page', () => {
  it('in the manager’s workspace: deals open through their representative, with their owner named', async () => {
    renderAt('/manager/accounts/7');
    const deals = await screen.findByTestId('account-deals');
    const items = within(deals).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/manager/representatives/rep-alex/opportunities/1');
    expect(items[0]!.textContent).toContain('Owner: Alex Martin');
    expect(items[1]!.textContent).toContain('No owner');
    expect(screen.getByRole('link', { name: 'Back to Accounts' }).getAttribute('href')).toBe('/manager/accounts');
    expect(screen.getByRole('link', { name: 'Priya Shah' }).getAttribute('href')).toBe('/manager/contacts/3');
    expect(screen.getByRole('button', { name: 'Merge…' })).toBeTruthy();
  });

  it('in My Companies: the representative’s own links, as before', async () => {
    renderAt('/rep/companies/7');
    const deals = await screen.findByTestId('account-deals');
    const first = within(deals).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/rep/opportunities/1');
    expect(first.textContent).not.toContain('Owner:');
    expect(screen.getByRole('link', { name: 'Back to My Companies' }).getAttribute('href')).toBe('/rep/companies');
    expect(screen.getByRole('link', { name: 'Priya Shah' }).getAttribute('href')).toBe('/rep/contacts/3');
  });
});
