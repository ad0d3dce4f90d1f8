import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityFacets } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getOpportunityFacets = (signal?: AbortSignal) => api.get<OpportunityFacets>('/api/opportunities/facets', { signal });

export const opportunityFacetsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.opportunities.facets(), queryFn: ({ signal }) => getOpportunityFacets(signal) });

export const useOpportunityFacets = () => useQuery(opportunityFacetsQueryOptions());
