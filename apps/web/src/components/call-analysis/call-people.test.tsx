import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallPeople as People } from '@nexa/domain';
import i18next from '../../lib/i18n.ts';
import { CallPeople } from './call-people.tsx';

const ANALYSIS = '0b7d7c59-3f0e-4c2a-9a55-1d2e3f4a5b6c';
const PEOPLE: People = {
  analysisId: ANALYSIS,
  opportunityId: 7,
  speakers: [
    {
      speaker: 'Sam Rivers',
      side: 'seller',
      calledInCall: null,
      talkSeconds: 95,
      lines: 4,
      contact: null,
      member: { id: 'u1', full_name: 'Sam Rivers' },
    },
    {
      speaker: 'Priya S.',
      side: 'buyer',
      calledInCall: null,
      talkSeconds: 61,
      lines: 3,
      contact: { id: 12, full_name: 'Priya Sharma', side: 'buyer' },
      member: null,
    },
    { speaker: 'Speaker 2', side: 'buyer', calledInCall: 'Tom', talkSeconds: null, lines: 2, contact: null, member: null },
  ],
  suggestions: [
    {
      id: 5,
      role: 'economic_buyer',
      speaker: 'Priya S.',
      name: 'Priya S.',
      contact: { id: 12, full_name: 'Priya Sharma' },
      lines: [2],
      quote: 'I sign anything above a hundred K.',
    },
    {
      id: 6,
      role: 'champion',
      speaker: 'Speaker 2',
      name: 'Tom',
      contact: null,
      lines: [4],
      quote: "I'm the one pushing this internally.",
    },
  ],
  citedLines: { '2': 'Priya S.: I sign anything above a hundred K.', '4': "Speaker 2: I'm the one pushing this internally." },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPeople(canEdit: boolean, path = '/rep/opportunities/7') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <CallPeople analysisId={ANALYSIS} canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['call-analysis', 'common']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallPeople', () => {
  it('shows speakers as people: a contact linked to their page, a member named, an unknown one offered as a contact', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(PEOPLE)),
    );
    renderPeople(true);
    const rows = await screen.findAllByTestId('call-person');
    expect(rows).toHaveLength(3);
    const priya = within(rows[1]!).getByRole('link', { name: 'Priya Sharma' });
    expect(priya.getAttribute('href')).toBe('/rep/contacts/12');
    expect(rows[1]!.textContent).toContain('(“Priya S.” in the transcript)');
    expect(rows[0]!.textContent).toContain('your team');
    expect(rows[0]!.textContent).toContain('4 turns, 1 min 35 s');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Add Tom as a contact of this account' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /Priya Sharma is on the seller side/ })).toBeTruthy();
  });

  it('links contacts to the manager’s contact page on a manager’s view, and offers no control when read-only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(PEOPLE)),
    );
    renderPeople(false, '/manager/representatives/u1/opportunities/7');
    const link = await screen.findByRole('link', { name: 'Priya Sharma' });
    expect(link.getAttribute('href')).toBe('/manager/contacts/12');
    expect(screen.queryByRole('button', { name: /Accept|Dismiss|Add/ })).toBeNull();
  });

  it('offers each suggested role with its quote; accepting sends the decision and shows the answer', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ ...PEOPLE, suggestions: PEOPLE.suggestions.slice(1) }) : json(PEOPLE),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPeople(true);
    const [eb, champion] = await screen.findAllByTestId('role-suggestion');
    expect(eb!.textContent).toContain('Priya Sharma — Economic buyer');
    expect(eb!.textContent).toContain('“I sign anything above a hundred K.”');
    // Not a contact yet: the role waits for them to be added.
    expect(within(champion!).queryByTestId('accept-role')).toBeNull();
    expect(within(champion!).getByRole('button', { name: 'Add Tom as a contact of this account' })).toBeTruthy();

    within(eb!).getByRole('button', { name: 'Accept Economic buyer for Priya Sharma' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/call-analyses/${ANALYSIS}/role-suggestions/5/accept`,
      expect.objectContaining({ method: 'POST' }),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('role-suggestion')).toHaveLength(1));
  });
});
