import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../../lib/i18n.ts';
import { CompanyAnalysis } from './company-analysis.tsx';

const OFFLINE = {
  analysis: 'Quick analysis of Acme Software. This is an offline estimate.\n\nNexa would capture every requirement.',
  recommendedCards: ['data-capture', 'call-gaps'],
  provider: 'offline',
  language: 'en',
  cached: false,
  searchLogFailed: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderSection() {
  const user = userEvent.setup();
  render(
    <>
      <CompanyAnalysis />
      <Toaster />
    </>,
  );
  const input = screen.getByRole('textbox', { name: /company name|nom de l'entreprise/i });
  return { user, input };
}

const analyzeButton = () => screen.getByRole('button', { name: /^(analyze|analyzing…|analyser|analyse en cours…)$/i });
const recommended = () => screen.getAllByRole('listitem').filter((li) => li.dataset.recommended === 'true');

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['analysis', 'common']);
  // The call and the result load when first needed; loaded here once, each test times only the page.
  await Promise.all([import('../api/analyze-company.ts'), import('./analysis/analysis-result.tsx')]);
});
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  // sonner keeps its toasts in a module-level store and replays them to the next Toaster.
  toast.dismiss();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('CompanyAnalysis', () => {
  it('starts idle: six cards, none recommended, Analyze disabled, no Reset', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'How would Nexa help your team?' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(recommended()).toHaveLength(0);
    expect((analyzeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '   '],
  ])('an %s query says what is missing and shows the no-company text, with no call', async (_label, text) => {
    const { user, input } = renderSection();
    if (text) await user.type(input, text);
    expect((analyzeButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, '{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your company name to analyze.');
    expect(screen.getByTestId('analysis-no-company').textContent).toMatch(/No company to analyze yet/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a one-letter name without a call', async () => {
    const { user, input } = renderSection();
    await user.type(input, ' a {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The company name needs at least 2 characters.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows progress while searching, then the diagnosis and the two highlighted cards', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const { user, input } = renderSection();
    await user.type(input, '  Acme Software ');
    await user.click(analyzeButton());

    expect(analyzeButton().textContent).toBe('Analyzing…');
    expect((analyzeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Analyzing Acme Software…');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/analysis/company');
    expect(JSON.parse(init.body)).toEqual({ companyName: '  Acme Software ', language: 'en' });

    await act(async () => answer.resolve(json(200, OFFLINE)));
    const result = await screen.findByTestId('analysis-result');
    // The result's code loads once asked for; its heading then takes focus for screen readers.
    const heading = within(result).getByRole('heading', { name: 'Diagnosis for Acme Software' });
    expect(document.activeElement).toBe(heading);
    expect(within(result).getByTestId('analysis-provider').textContent).toBe('Quick offline analysis, not a live AI answer');
    expect(within(result).getAllByText(/./, { selector: 'p.whitespace-pre-line' })).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).toBeNull();

    const cards = recommended();
    expect(cards.map((li) => li.dataset.card)).toEqual(['data-capture', 'call-gaps']);
    for (const card of cards) expect(within(card).getByText('Recommended')).toBeTruthy();
    expect(result.textContent).toContain('Most relevant for Acme Software: Complete data capture · No more gaps between calls.');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
    expect((analyzeButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('labels a live model answer as an AI analysis', async () => {
    fetchMock.mockResolvedValue(json(200, { ...OFFLINE, provider: 'openai' }));
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    expect((await screen.findByTestId('analysis-provider')).textContent).toBe('AI analysis');
  });

  it('renders the diagnosis as text, never as HTML', async () => {
    const analysis = 'Acme <img src=x onerror="window.pwned=1"> <script>window.pwned=1</script> is fine.';
    fetchMock.mockResolvedValue(json(200, { ...OFFLINE, analysis }));
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    const result = await screen.findByTestId('analysis-result');
    expect(result.querySelector('img, script')).toBeNull();
    expect(result.textContent).toContain('<img src=x onerror="window.pwned=1">');
  });

  it('Reset clears the text and the result and hides itself', async () => {
    fetchMock.mockResolvedValue(json(200, OFFLINE));
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    await screen.findByTestId('analysis-result');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('analysis-result')).toBeNull();
    expect(recommended()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('a failed analysis clears the previous result and raises the Analysis Error toast', async () => {
    fetchMock.mockResolvedValueOnce(json(200, OFFLINE));
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'service_unavailable', message: 'down' } }));
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    await screen.findByTestId('analysis-result');
    await user.click(analyzeButton());
    expect(await screen.findByText('Analysis Error')).toBeTruthy();
    expect(screen.getByText("We couldn't complete the analysis. Please try again.")).toBeTruthy();
    expect(screen.queryByTestId('analysis-result')).toBeNull();
    expect(recommended()).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says so when the search could not be logged, and still shows the analysis', async () => {
    fetchMock.mockResolvedValue(json(200, { ...OFFLINE, searchLogFailed: true }));
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    expect(await screen.findByText('Search Logging Error')).toBeTruthy();
    expect(screen.getByText("We couldn't log your search, but analysis will continue.")).toBeTruthy();
    expect(screen.getByTestId('analysis-result')).toBeTruthy();
  });

  it('asks in French and shows errors in French for a French reader', async () => {
    await i18next.changeLanguage('fr');
    await i18next.loadNamespaces(['analysis']);
    fetchMock.mockResolvedValue(json(429, { error: { code: 'rate_limited', message: 'slow down' } }));
    const { user, input } = renderSection();
    await user.type(input, 'Société Générale');
    await user.click(screen.getByRole('button', { name: 'Analyser' }));
    expect(await screen.findByText("Erreur d'analyse")).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).language).toBe('fr');
  });

  it('Reset during a new search cancels it: the late answer is ignored', async () => {
    fetchMock.mockResolvedValueOnce(json(200, OFFLINE));
    let aborted = false;
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    );
    const { user, input } = renderSection();
    await user.type(input, 'Acme{Enter}');
    await screen.findByTestId('analysis-result');
    await user.click(analyzeButton());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('analysis-result')).toBeNull();
    // No error toast for a search the visitor cancelled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Analysis Error')).toBeNull();
  });
});
