import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@nexa/domain';
import { ApiError } from '../api-client.ts';
import { invalidateRepData } from './create-sample-opportunities.ts';

export type ImportResponse = ImportResult & { errorCount: number };

/** What is sent: the mapped rows, and the key that makes sending them again safe. */
export interface ImportRequest {
  rows: Array<Record<string, string>>;
  /**
   * The same for every attempt at sending the same rows: after a lost answer or a failure, a retry
   * with it is answered with the first import's result, or lands the file once — never twice.
   */
  idempotencyKey: string;
}

/** A fresh Idempotency-Key (randomUUID needs a secure context; the demo may run on plain http). */
export function newImportKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** XMLHttpRequest rather than fetch: it reports upload progress for the progress bar. */
export function importOpportunities({ rows, idempotencyKey }: ImportRequest, onProgress?: (fraction: number) => void) {
  return new Promise<ImportResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/opportunities/import');
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
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ImportResponse);
      const error = (body as { error?: { code: string; message: string; field?: string } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'internal', error?.message ?? xhr.statusText, error?.field));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The server could not be reached'));
    xhr.send(JSON.stringify({ rows }));
  });
}

export function useImportOpportunities(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => importOpportunities(request, onProgress),
    onSuccess: () => invalidateRepData(queryClient),
  });
}
