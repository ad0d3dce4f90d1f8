import { ApiError } from '../api-client.ts';

/** A fresh Idempotency-Key (randomUUID needs a secure context; the demo may run on plain http). */
export function newImportKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POSTs a CSV import's mapped rows to `url` with their Idempotency-Key. XMLHttpRequest rather than
 * fetch: it reports upload progress for the progress bar.
 */
export function postImportRows<T>(
  url: string,
  rows: Array<Record<string, string>>,
  idempotencyKey: string,
  onProgress?: (fraction: number) => void,
) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = (body as { error?: { code: string; message: string; field?: string } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'internal', error?.message ?? xhr.statusText, error?.field));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The server could not be reached'));
    xhr.send(JSON.stringify({ rows }));
  });
}
