import { useQuery } from '@tanstack/react-query';
import type { QuotaStanding } from '@nexa/domain/quota';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The representative's own quota figures (GET /api/quota). */
export const useOwnQuota = () =>
  useQuery({
    queryKey: queryKeys.pipeline.quota(),
    queryFn: ({ signal }) => api.get<QuotaStanding>('/api/quota', { signal }),
  });
