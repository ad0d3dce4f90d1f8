import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@nexa/domain';
import i18next from '../../lib/i18n.ts';
import { toFormData } from './api/create-call-analysis.ts';
import { jobRefetchInterval } from './api/get-job.ts';
import { JobProgress } from './components/job-progress.tsx';
import { TranscriptInput } from './components/transcript-input.tsx';
import { checkTranscriptFile, TRANSCRIPT_MAX_BYTES } from './transcript-file.ts';
import { ApiError } from '../../lib/api-client.ts';

const JOB_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const job = (patch: Partial<Job>): Job => ({
  id: JOB_ID,
  kind: 'transcript_analysis',
  status: 'queued',
  progress: 0,
  opportunityId: 42,
  opportunityName: 'Acme Corp — CRM Platform',
  analysisId: null,
  error: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  finishedAt: null,
  ...patch,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

/** Answers GET /api/jobs/:id with each job of the sequence in turn, the last one from then on. */
function serveJobs(sequence: Array<Job | Response>) {
  let i = 0;
  fetchMock.mockImplementation((url: string) => {
    if (url === '/api/jobs') return Promise.resolve(json(200, { items: [] }));
    const next = sequence[Math.min(i++, sequence.length - 1)]!;
    return Promise.resolve(next instanceof Response ? next.clone() : json(200, next));
  });
}
const jobCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/jobs/')).length;

function renderProgress(onRetry = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <JobProgress jobId={JOB_ID} onRetry={onRetry} pollMs={20} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onRetry };
}

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['call-analysis', 'common']);
});
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('job polling', () => {
  it('polls while the job is queued or running, and stops once it has finished or is not found', () => {
    expect(jobRefetchInterval(job({ status: 'queued' }), null, 1000)).toBe(1000);
    expect(jobRefetchInterval(job({ status: 'running' }), null, 1000)).toBe(1000);
    expect(jobRefetchInterval(undefined, null, 1000)).toBe(1000);
    expect(jobRefetchInterval(job({ status: 'succeeded' }), null)).toBe(false);
    expect(jobRefetchInterval(job({ status: 'failed' }), null)).toBe(false);
    expect(jobRefetchInterval(undefined, new ApiError(404, 'not_found', 'gone'))).toBe(false);
    // A passing network failure is not an answer: keep asking.
    expect(jobRefetchInterval(job({ status: 'running' }), new ApiError(0, 'network', 'down'), 1000)).toBe(1000);
  });

  it('moves the progress bar and the live status as the job runs, then links to the opportunity', async () => {
    serveJobs([job({ status: 'queued' }), job({ status: 'running', progress: 40 }), job({ status: 'succeeded', progress: 100 })]);
    renderProgress();
    const bar = screen.getByRole('progressbar', { name: 'Analysis progress' });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toContain('Waiting for the analysis to start…'));
    await waitFor(() => expect(status.textContent).toContain('Analyzing the call… 40%'));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    await waitFor(() => expect(status.textContent).toContain('The analysis is ready.'));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('link', { name: 'Open the opportunity' }).getAttribute('href')).toBe(
      '/rep/opportunities/42#call-analysis',
    );
    // Finished: no more polling.
    const calls = jobCalls();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(jobCalls()).toBe(calls);
  });

  it('shows the job’s own error and offers a retry when it fails', async () => {
    serveJobs([
      job({ status: 'running', progress: 10 }),
      job({ status: 'failed', progress: 10, error: 'The AI provider did not answer in time.' }),
    ]);
    const { onRetry } = renderProgress();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('The analysis failed.'));
    expect(screen.getByTestId('job-error').textContent).toContain('The AI provider did not answer in time.');
    expect(screen.queryByRole('link', { name: 'Open the opportunity' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: JOB_ID, status: 'failed' }));
  });

  it('says so when the job is not the rep’s (404) and stops asking', async () => {
    serveJobs([json(404, { error: { code: 'not_found', message: 'Job not found' } })]);
    renderProgress();
    expect((await screen.findByRole('alert')).textContent).toContain('This analysis cannot be found.');
    const calls = jobCalls();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(jobCalls()).toBe(calls);
  });
});

describe('transcript input', () => {
  it('accepts the four transcript types up to 2 MB and refuses the rest before uploading', () => {
    expect(checkTranscriptFile({ name: 'call.TXT', size: 10 })).toBeNull();
    expect(checkTranscriptFile({ name: 'call.vtt', size: 10 })).toBeNull();
    expect(checkTranscriptFile({ name: 'call.srt', size: TRANSCRIPT_MAX_BYTES })).toBeNull();
    expect(checkTranscriptFile({ name: 'call.docx', size: 10 })).toBeNull();
    expect(checkTranscriptFile({ name: 'call.pdf', size: 10 })).toBe('fileType');
    expect(checkTranscriptFile({ name: 'call.txt', size: TRANSCRIPT_MAX_BYTES + 1 })).toBe('fileSize');
    expect(checkTranscriptFile({ name: 'call.txt', size: 0 })).toBe('fileEmpty');
  });

  it('explains a refused file and keeps a good one', async () => {
    const onFile = vi.fn();
    render(<TranscriptInput file={null} onFile={onFile} text="" onText={vi.fn()} />);
    const input = screen.getByLabelText(/choose a file/i);
    const big = new File(['x'], 'board-meeting.txt', { type: 'text/plain' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(screen.getByRole('alert').textContent).toContain('board-meeting.txt is 3 MB: a transcript may be at most 2 MB.');
    expect(onFile).not.toHaveBeenCalled();

    const good = new File(['Prospect: hello'], 'call.vtt', { type: 'text/vtt' });
    await userEvent.upload(input, good);
    expect(onFile).toHaveBeenCalledWith(good);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the fields before the file, and either an opportunity or the new one’s fields', () => {
    const file = new File(['Prospect: hello'], 'call.txt');
    const existing = toFormData({
      language: 'fr',
      transcript: { kind: 'file', file },
      target: { kind: 'existing', opportunityId: 7 },
    });
    expect([...existing.keys()]).toEqual(['language', 'opportunityId', 'transcript']);
    const fresh = toFormData({
      language: 'en',
      transcript: { kind: 'text', text: 'Prospect: hello' },
      target: { kind: 'new', client_company_name: 'Acme', product: 'CRM', amount: 1200 },
    });
    expect(Object.fromEntries(fresh)).toEqual({
      language: 'en',
      client_company_name: 'Acme',
      product: 'CRM',
      amount: '1200',
      text: 'Prospect: hello',
    });
  });
});
