import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { json, renderRoutes } from '../../test/render-routes.tsx';
import { OpportunitiesCard } from './components/opportunities-card.tsx';
import { OpportunitiesPage } from './routes/opportunities-page.tsx';

/**
 * The representative's list and dashboard card (issue 33): the status column and filter speak the
 * canonical stage in the page's language whatever spelling a CRM sent, lead statuses are one list,
 * and both offer the CSV export of the rows the filters select.
 */
const ROW = {
  owner_id: 'rep-alex',
  account_manager: 'Alex Martin',
  product: 'CRM Platform',
  lead_status: 'Hot',
  amount: 12000,
  client_name: 'Zoe',
  next_meeting_date: null,
  closing_date: null,
  record_date: '2026-09-01T00:00:00.000Z',
};
const PAGE = {
  total: 2,
  items: [
    {
      ...ROW,
      id: 1,
      client_company_name: 'Acme',
      status: 'Won',
      stage: 'Closed-Win',
      outcome: 'won',
      pipeline_status: 'Closed-Win',
    },
    {
      ...ROW,
      id: 2,
      client_company_name: 'Globex',
      status: 'Demo',
      stage: 'Qualified',
      outcome: 'open',
      pipeline_status: 'On-going',
    },
  ],
};
// Facets as the data holds them: statuses spelled three ways, lead statuses once per meaning.
const FACETS = {
  products: ['CRM Platform'],
  statuses: ['Closed Won', 'Demo', 'Won'],
  lead_statuses: ['Cold', 'Hot'],
  industries: [],
};
const ME = {
  id: 'rep-alex',
  email: 'a@x.test',
  full_name: 'Alex Martin',
  role: 'Sales Representative',
  company: null,
  image: null,
  language: null,
  time_zone: null,
};

function serve(url: string) {
  if (url.startsWith('/api/opportunities/facets')) return json(FACETS);
  if (url.startsWith('/api/opportunities')) return json(PAGE);
  if (url.startsWith('/api/session')) return json({ profile: ME });
  return json({}, 404);
}

const renderAt = (url: string, element: React.ReactNode, path: string) => renderRoutes([{ path, element }], url);

beforeAll(() => i18next.loadNamespaces(['opportunities', 'pipeline', 'common']));
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => serve(String(url))),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEXT = {
  en: { won: 'Closed-Win', qualified: 'Qualified', status: 'Status', lead: 'Lead status' },
  fr: { won: 'Gagnée', qualified: 'Qualifié', status: 'Statut', lead: 'Statut du lead' },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];
  describe(`the representative's opportunities (${language})`, () => {
    beforeEach(() => i18next.changeLanguage(language));

    it('shows each deal’s canonical stage, not the text a CRM sent', async () => {
      renderAt('/rep/opportunities', <OpportunitiesPage />, '/rep/opportunities');
      const rows = await screen.findAllByTestId('opportunity-row');
      expect(within(rows[0]!).getByText(t.won)).toBeTruthy();
      expect(within(rows[0]!).queryByText('Won')).toBeNull();
      expect(within(rows[1]!).getByText(t.qualified)).toBeTruthy();
      expect(within(rows[1]!).queryByText('Demo')).toBeNull();
    });

    it('filters by the canonical vocabulary only, and a link spelled "Won" shows the won option', async () => {
      renderAt('/rep/opportunities?status=Won&lead_status=Cold%20Lead', <OpportunitiesPage />, '/rep/opportunities');
      await screen.findAllByTestId('opportunity-row');
      const status = screen.getByLabelText(t.status) as HTMLSelectElement;
      await waitFor(() => expect(status.value).toBe('Closed-Win'));
      const values = [...status.options].map((o) => o.value);
      expect(values).toEqual(['', 'On-going', 'Closed-Win', 'Closed-Lost', 'New', 'Qualified', 'Proposal', 'Negotiation']);
      expect([...status.options].map((o) => o.text)).not.toContain('Closed Won');
      const lead = screen.getByLabelText(t.lead) as HTMLSelectElement;
      await waitFor(() => expect([...lead.options].map((o) => o.value)).toEqual(['', 'Cold', 'Hot']));
      expect(lead.value).toBe('Cold');
    });

    it('offers the CSV export of the rows the filters select, on the list and on the dashboard', async () => {
      renderAt('/rep/opportunities?status=Closed-Win&product=CRM%20Platform', <OpportunitiesPage />, '/rep/opportunities');
      const link = await screen.findByTestId('opportunities-export');
      expect(link.getAttribute('href')).toBe('/api/opportunities/export.csv?status=Closed-Win&product=CRM+Platform&sort=live');
      cleanup();
      renderAt('/rep?lead_status=Hot', <OpportunitiesCard filters={{ lead_status: 'Hot' }} onFiltersChange={() => {}} />, '/rep');
      expect((await screen.findByTestId('opportunities-export')).getAttribute('href')).toBe(
        '/api/opportunities/export.csv?lead_status=Hot&sort=live',
      );
    });
  });
}
