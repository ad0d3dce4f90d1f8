import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { RecentJobs } from './components/recent-jobs.tsx';

/** Recent analyses name the deal, "company — product", as the server names it (issue 33). */
const JOB = {
  kind: 'transcript_analysis',
  status: 'succeeded',
  progress: 100,
  analysisId: null,
  error: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  finishedAt: '2026-11-22T08:00:04.000Z',
};
const JOBS = {
  items: [
    { ...JOB, id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', opportunityId: 26, opportunityName: 'Acme Corp — CRM Platform' },
    { ...JOB, id: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', opportunityId: 27, opportunityName: null },
  ],
};

function renderRecent() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(JOBS), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecentJobs currentId={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => i18next.loadNamespaces(['call-analysis', 'common']));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recent analyses', () => {
  it.each([
    ['en', 'Opportunity #27'],
    ['fr', 'Opportunité n° 27'],
  ])('%s: name the deal, and fall back to its number only when it has no name for this person', async (language, fallback) => {
    await i18next.changeLanguage(language);
    renderRecent();
    const deals = await screen.findAllByTestId('recent-job-deal');
    expect(deals.map((d) => d.textContent)).toEqual(['Acme Corp — CRM Platform', fallback]);
    expect(screen.queryByText('Opportunity #26')).toBeNull();
  });
});
