import { useInfiniteQuery } from '@tanstack/react-query';
import type { RisksPage } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getRisks = (representative: string | undefined, after: string | null) => {
  const params = new URLSearchParams({ limit: '25' });
  if (representative) params.set('representative', representative);
  if (after) params.set('after', after);
  return api.get<RisksPage>(`/api/insights/risks?${params}`);
};

/** The team's deals at risk, biggest first, a page at a time ("Show more"). */
export const useRisks = (representative: string | undefined) =>
  useInfiniteQuery({
    queryKey: queryKeys.insights.risks({ representative }),
    queryFn: ({ pageParam }) => getRisks(representative, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
