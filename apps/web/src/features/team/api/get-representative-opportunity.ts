import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Opportunity } from '@nexa/domain';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getRepresentativeOpportunity = (repId: string, oppId: number) =>
  api.get<Opportunity>(`/api/team/representatives/${encodeURIComponent(repId)}/opportunities/${oppId}`);

export const representativeOpportunityQueryOptions = (repId: string, oppId: number) =>
  queryOptions({
    queryKey: queryKeys.team.representativeOpportunity(repId, oppId),
    queryFn: () => getRepresentativeOpportunity(repId, oppId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const useRepresentativeOpportunity = (repId: string, oppId: number | null) =>
  useQuery({ ...representativeOpportunityQueryOptions(repId, oppId ?? 0), enabled: oppId !== null && oppId > 0 });
