import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { Opportunity } from '@nexa/domain';
import { queryKeys } from '../../lib/api/query-keys.ts';
import i18next from '../../lib/i18n.ts';
import { OpportunityView } from './opportunity-view.tsx';

// Only what the details read; the rest of the row does not change what they show.
const opportunity = {
  id: 7,
  product: 'Data Pipeline',
  client_company_name: 'Lumen Analytics',
  company_industry: 'Software',
  status: 'Closed-Win',
  stage: 'Closed-Win',
  amount: 5000,
  closing_date: '2026-10-01',
  client_name: 'Ada Lovelace',
  lead_status: 'Warm Lead',
  technical_scoring: 6.8,
  commercial_scoring: 7,
  technical_answers: null,
  commercial_answers: null,
  technical_feedback: 'Confirm the SSO setup.',
  commercial_feedback: null,
} as Opportunity;

/** The manager's read-only view, with no call analysis yet (read from the cache, no request). */
function renderReadOnly() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.opportunities.callAnalyses(opportunity.id), { items: [], latest: null });
  client.setQueryData(queryKeys.opportunities.committee(opportunity.id), { version: 1, members: [] });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OpportunityView opportunity={opportunity} readOnly />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterAll(() => i18next.changeLanguage('en'));

describe('an opportunity read by a manager', () => {
  it('is written in French: statuses, lead mark, scores and the feedback heading', async () => {
    await i18next.changeLanguage('fr');
    await i18next.loadNamespaces(['opportunities', 'call-analysis', 'common']);
    renderReadOnly();
    expect(screen.getByText('Gagnée')).toBeTruthy();
    expect(screen.getByText('TIÈDE')).toBeTruthy();
    expect(screen.getByText('6,8 / 10')).toBeTruthy();
    // "Retour" reads "return" or "go back" in a French interface: it is not feedback.
    expect(screen.getAllByRole('heading', { level: 4, name: 'Commentaires' })).toHaveLength(2);
    expect(screen.queryByText('Retour')).toBeNull();
    expect(screen.getByText('Pas encore de commentaires.')).toBeTruthy();
  });

  it('is written in English', async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['opportunities', 'call-analysis', 'common']);
    renderReadOnly();
    expect(screen.getByText('Closed-Win')).toBeTruthy();
    expect(screen.getByText('WARM')).toBeTruthy();
    expect(screen.getByText('6.8 / 10')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 4, name: 'Feedback' })).toHaveLength(2);
  });
});

describe('the status a CRM sent (issue 33)', () => {
  it.each([
    ['en', 'Closed-Win', 'Status as received'],
    ['fr', 'Gagnée', 'Statut tel que reçu'],
  ])('%s: the stage in the page’s language, and the text as received beside it', async (language, stage, label) => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces(['opportunities', 'call-analysis', 'common']);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(queryKeys.opportunities.callAnalyses(opportunity.id), { items: [], latest: null });
    client.setQueryData(queryKeys.opportunities.committee(opportunity.id), { version: 1, members: [] });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OpportunityView opportunity={{ ...opportunity, status: 'Deal won ✅' }} readOnly />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(stage)).toBeTruthy();
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('Deal won ✅')).toBeTruthy();
  });
});

describe('a status that says no more than the stage', () => {
  it('shows no "as received" line for the pipeline group ("On-going" of a new deal, untranslated in French)', async () => {
    await i18next.changeLanguage('fr');
    await i18next.loadNamespaces(['opportunities', 'call-analysis', 'common']);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(queryKeys.opportunities.callAnalyses(opportunity.id), { items: [], latest: null });
    client.setQueryData(queryKeys.opportunities.committee(opportunity.id), { version: 1, members: [] });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OpportunityView opportunity={{ ...opportunity, status: 'On-going', stage: 'New' }} readOnly />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Nouveau')).toBeTruthy();
    expect(screen.queryByText('Statut tel que reçu')).toBeNull();
    expect(screen.queryByText('On-going')).toBeNull();
    expect(screen.getByTestId('status-icon').getAttribute('aria-label')).toBe('Nouveau');
  });
});
