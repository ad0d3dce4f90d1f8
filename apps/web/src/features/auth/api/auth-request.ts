import { ApiError } from '../../../lib/api-client.ts';

/** An auth call refused by the server; `retryAfter` (seconds) is set on a 429. */
export class AuthApiError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    field: string | undefined,
    readonly retryAfter: number | null,
  ) {
    super(status, code, message, field);
  }
}

/** POSTs JSON to /api/auth/*; never retried (a sign-in attempt counts against the limits). */
export async function authPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthApiError(0, 'network', 'The server could not be reached', undefined, null);
  }
  const data = (await response.json().catch(() => null)) as
    (T & { error?: { code: string; message: string; field?: string } }) | null;
  if (response.ok) return data as T;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new AuthApiError(
    response.status,
    data?.error?.code ?? (response.status >= 500 ? 'internal' : 'bad_request'),
    data?.error?.message ?? response.statusText,
    data?.error?.field,
    Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  );
}
