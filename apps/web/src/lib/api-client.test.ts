import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, RETRY_BASE_MS, SESSION_EXPIRED_EVENT } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('retries a GET on 503 with backoff from 200 ms doubling, then succeeds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { error: { code: 'service_unavailable', message: 'down' } }))
      .mockResolvedValueOnce(json(502, {}))
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const pending = apiRequest<{ ok: boolean }>('/api/x');
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 2);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never retries a 500', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(500, { error: { code: 'internal', message: 'bug' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 500, code: 'internal' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never retries a write', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(503, { error: { code: 'service_unavailable', message: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries network failures of a GET and then reports a network error', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const pending = apiRequest('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * (1 + 2 + 4));
    const error = await pending;
    expect(error).toMatchObject({ code: 'network', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('announces an expired session on a 401', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { error: { code: 'unauthorized', message: 'x' } })));
    const listener = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });
});
