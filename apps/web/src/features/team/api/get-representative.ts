import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepresentativeDetail } from '@nexa/domain';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getRepresentative = (id: string) =>
  api.get<RepresentativeDetail>(`/api/team/representatives/${encodeURIComponent(id)}`);

export const representativeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.team.representative(id),
    queryFn: () => getRepresentative(id),
    // Not found is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const useRepresentative = (id: string) => useQuery(representativeQueryOptions(id));
