import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RepresentativesPage } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export interface RepresentativesParams {
  q: string;
  sort: string;
  page: number;
  pageSize: number;
}

export const getRepresentatives = ({ q, sort, page, pageSize }: RepresentativesParams, signal?: AbortSignal) => {
  const search = new URLSearchParams({ sort, page: String(page), pageSize: String(pageSize) });
  if (q.trim()) search.set('q', q.trim());
  return api.get<RepresentativesPage>(`/api/team/representatives?${search}`, { signal });
};

export const representativesQueryOptions = (params: RepresentativesParams) =>
  queryOptions({
    queryKey: queryKeys.team.representatives(params),
    queryFn: ({ signal }) => getRepresentatives(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRepresentatives = (params: RepresentativesParams, enabled = true) =>
  useQuery({ ...representativesQueryOptions(params), enabled });
