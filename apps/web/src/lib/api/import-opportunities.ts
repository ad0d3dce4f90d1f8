import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@nexa/domain';
import { invalidateRepData } from './create-sample-opportunities.ts';
import { postImportRows } from './import-rows.ts';

export { newImportKey } from './import-rows.ts';

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

export function importOpportunities({ rows, idempotencyKey }: ImportRequest, onProgress?: (fraction: number) => void) {
  return postImportRows<ImportResponse>('/api/opportunities/import', rows, idempotencyKey, onProgress);
}

export function useImportOpportunities(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => importOpportunities(request, onProgress),
    onSuccess: () => invalidateRepData(queryClient),
  });
}
