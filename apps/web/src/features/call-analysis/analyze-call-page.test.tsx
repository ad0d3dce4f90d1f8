import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { parseAmount } from './components/analyze-call-form.tsx';
import { AnalyzeCallPage } from './routes/analyze-call-page.tsx';
import { today } from '../../lib/today.ts';

const JOB = {
  id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  kind: 'transcript_analysis',
  status: 'queued',
  progress: 0,
  opportunityId: null,
  analysisId: null,
  error: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  finishedAt: null,
};
const OPPORTUNITIES = {
  total: 2,
  items: [
    { id: 7, client_company_name: 'Acme', product: 'CRM Platform', amount: 12000 },
    { id: 9, client_company_name: 'Globex', product: 'Support Desk', amount: null },
  ],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

function renderPage(url = '/rep/analyze') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/rep/analyze', element: <AnalyzeCallPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['call-analysis', 'common']);
});
beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/jobs') return Promise.resolve(json(200, { items: [] }));
    if (url.startsWith('/api/jobs/')) return Promise.resolve(json(200, JOB));
    if (url.startsWith('/api/opportunities?')) return Promise.resolve(json(200, OPPORTUNITIES));
    if (url === '/api/opportunities/9') return Promise.resolve(json(200, OPPORTUNITIES.items[1]));
    if (url === '/api/call-analyses' && init?.method === 'POST') return Promise.resolve(json(202, JOB));
    return Promise.resolve(json(404, { error: { code: 'not_found', message: url } }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  toast.dismiss();
  // Unmount before fetch is restored: the job poll would otherwise reach the real network.
  cleanup();
  vi.unstubAllGlobals();
});

const posted = () => fetchMock.mock.calls.find(([url]) => url === '/api/call-analyses')?.[1]?.body as FormData | undefined;

describe('AnalyzeCallPage', () => {
  it('reads amounts typed the English or the French way', () => {
    expect(parseAmount('25,000')).toBe(25000);
    expect(parseAmount('$1,250,000.50')).toBe(1250000.5);
    expect(parseAmount('25 000')).toBe(25000);
    expect(parseAmount('1\u202f250,50 $')).toBe(1250.5);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('lots')).toBeNaN();
  });

  it('says what is missing and sends nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Analyze the call' }));
    expect(screen.getByText('Add a transcript: upload a file or paste the text.')).toBeTruthy();
    expect(screen.getByText('Choose one of your opportunities, or create a new one.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'A new opportunity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Analyze the call' }));
    expect(screen.getByText('Enter the client company.')).toBeTruthy();
    expect(screen.getByText('Enter the product.')).toBeTruthy();
    expect(posted()).toBeUndefined();
  });

  it('sends pasted text for a new opportunity, then follows the job from the URL', async () => {
    const router = renderPage();
    await userEvent.type(await screen.findByLabelText('Or paste the transcript'), 'Prospect: Do you support SSO?');
    await userEvent.click(screen.getByRole('radio', { name: 'A new opportunity' }));
    await userEvent.type(screen.getByLabelText('Client company'), 'Initech');
    await userEvent.type(screen.getByLabelText('Product'), 'Analytics');
    await userEvent.type(screen.getByLabelText('Amount (US dollars, optional)'), '25,000');
    await userEvent.selectOptions(screen.getByLabelText('Language of the analysis'), 'fr');
    // The call's own date: "next Tuesday" said in it is read from that day.
    const callDate = screen.getByLabelText('Date of the call') as HTMLInputElement;
    expect(callDate.value).toBe(today());
    await userEvent.clear(callDate);
    await userEvent.type(callDate, '2026-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Analyze the call' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB.id}`));
    expect(Object.fromEntries(posted()!)).toEqual({
      language: 'fr',
      call_date: '2026-03-02',
      client_company_name: 'Initech',
      product: 'Analytics',
      amount: '25000',
      text: 'Prospect: Do you support SSO?',
    });
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeTruthy();
  });

  it('opens with the opportunity of ?opportunity= chosen, and sends its id', async () => {
    renderPage('/rep/analyze?opportunity=9');
    await waitFor(() => expect(screen.getByTestId('opportunity-selected').textContent).toBe('Selected: Globex — Support Desk'));
    expect((screen.getByRole('radio', { name: /Globex/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByLabelText('Or paste the transcript'), 'Prospect: hello');
    await userEvent.click(screen.getByRole('button', { name: 'Analyze the call' }));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()!.get('opportunityId')).toBe('9');
    expect(posted()!.get('language')).toBe('en');
    // Today by default.
    expect(posted()!.get('call_date')).toBe(today());
  });
});
