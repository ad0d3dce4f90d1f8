import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { json, renderRoutes } from '../../test/render-routes.tsx';
import { TeamOpportunitiesPage } from './routes/team-opportunities-page.tsx';

const REPRESENTATIVES = {
  total: 3,
  items: [
    { id: 'rep-alex', full_name: 'Alex Martin' },
    { id: 'rep-sam', full_name: 'Sam Dupont' },
    { id: null, full_name: 'Unassigned' },
  ],
};
const ROW = {
  owner_id: 'rep-alex',
  account_manager: 'A. Martin',
  product: 'CRM Platform',
  status: 'Closed Won',
  stage: 'Closed-Win',
  outcome: 'won',
  pipeline_status: 'Closed-Win',
  lead_status: 'Hot',
  amount: 12000,
  client_name: 'Zoe',
  next_meeting_date: null,
  closing_date: '2026-10-01',
  record_date: '2026-09-01T00:00:00.000Z',
};
const PAGE = {
  total: 2,
  items: [
    { ...ROW, id: 1, client_company_name: 'Acme' },
    { ...ROW, id: 2, owner_id: null, account_manager: 'Nobody', client_company_name: 'Orphan Inc' },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/opportunities?'));

const renderPage = (url = '/manager/opportunities') =>
  renderRoutes([{ path: '/manager/opportunities', element: <TeamOpportunitiesPage /> }], url);

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['opportunities', 'common']);
});
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    String(url).startsWith('/api/team/representatives') ? json(REPRESENTATIVES) : json(PAGE),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the manager’s team opportunities list', () => {
  it('names each deal’s representative, and an unassigned deal as such, without a page to open', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('opportunity-row');
    expect(within(rows[0]!).getByText('Alex Martin')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      '/manager/representatives/rep-alex/opportunities/1',
    );
    expect(within(rows[1]!).getByText('Unassigned')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('opportunities-count').textContent).toBe('2 opportunities');
  });

  it('keeps the representative and stage in the URL and asks the server for them', async () => {
    const router = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Alex Martin' });
    await user.selectOptions(screen.getByLabelText('Representative'), 'Alex Martin');
    await user.selectOptions(screen.getByLabelText('Stage'), 'Closed-Win');
    await waitFor(() => expect(router.state.location.search).toBe('?owner_id=rep-alex&stage=Closed-Win'));
    await waitFor(() => expect(listCalls().at(-1)).toContain('owner_id=rep-alex&stage=Closed-Win'));
    expect(screen.getByRole('option', { name: 'Unassigned' }).getAttribute('value')).toBe('unassigned');
  });

  it('swaps an amount range typed the wrong way round, and the export carries the same filters', async () => {
    const router = renderPage('/manager/opportunities?sort=-amount');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Amount & close date' }));
    await user.type(screen.getByLabelText('Minimum'), '50000');
    await waitFor(() => expect(router.state.location.search).toContain('amount_min=50000'));
    await user.type(screen.getByLabelText('Maximum'), '1000');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-amount&amount_min=1000&amount_max=50000'));
    await waitFor(() =>
      expect(screen.getByTestId('opportunities-export').getAttribute('href')).toBe(
        '/api/opportunities/export.csv?sort=-amount&amount_min=1000&amount_max=50000',
      ),
    );
  });
});
