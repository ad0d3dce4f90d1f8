import type { ApiErrorBody } from '@nexa/domain';

/** An error answered by the API (or the network), with the code the UI translates. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The whole error body: a 409 on a stale edit carries the current row as `current`. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const SESSION_EXPIRED_EVENT = 'nexa:session-expired';

const RETRYABLE_STATUS = new Set([502, 503, 504]);
// Retry backoff starts at 200 ms and doubles.
export const RETRY_BASE_MS = 200;
export const MAX_RETRIES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to true for GET; writes are never retried. */
  retry?: boolean;
}

/** How a request reaches the API: `fetch` in the browser; the page's own request on the server. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;
let serverTransport: (() => Transport | undefined) | undefined;

/**
 * The server-side renderer's way to the API (src/entry-server.tsx): the page's request's own
 * transport (its session, its address), looked up per call because renders run concurrently.
 */
export function setServerTransport(lookup: () => Transport | undefined): void {
  serverTransport = lookup;
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const data = (await response.json()) as Partial<ApiErrorBody>;
    if (data.error?.code) return new ApiError(response.status, data.error.code, data.error.message, data.error.field, data);
  } catch {
    // Not JSON: fall through to a code derived from the status.
  }
  return new ApiError(response.status, response.status >= 500 ? 'service_unavailable' : 'bad_request', response.statusText);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const retry = options.retry ?? method === 'GET';
  const isForm = options.body instanceof FormData;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await (serverTransport?.() ?? fetch)(path, {
        method,
        credentials: 'same-origin',
        signal: options.signal,
        headers: options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (retry && attempt < MAX_RETRIES) {
        await sleep(RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      throw new ApiError(0, 'network', 'The server could not be reached');
    }
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    }
    if (retry && RETRYABLE_STATUS.has(response.status) && attempt < MAX_RETRIES) {
      await sleep(RETRY_BASE_MS * 2 ** attempt);
      continue;
    }
    const error = await toApiError(response);
    if (error.status === 401 && !path.startsWith('/api/auth/') && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
    }
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/**
 * The page was opened at an address the server does not trust (a demo reached by its IP address,
 * or a proxy that does not match PUBLIC_URL). Every form says so in the same words, naming the fix.
 */
export function untrustedOriginMessage(t: (key: string, values: Record<string, string>) => string, error: unknown) {
  if (!(error instanceof ApiError) || error.code !== 'untrusted_origin') return null;
  return t('common:errors.untrusted_origin', { origin: window.location.origin });
}

/** The translation key of an error: the API's code under common:errors, or a generic one. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) return `common:errors.${error.code}`;
  return 'common:errors.unexpected';
}
