import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** GET /api/jobs: the caller's 20 newest jobs. */
export const getJobs = (signal?: AbortSignal) => api.get<{ items: Job[] }>('/api/jobs', { signal }).then((data) => data.items);

export const jobsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.jobs.list(), queryFn: ({ signal }) => getJobs(signal), staleTime: 0 });

export const useJobs = () => useQuery(jobsQueryOptions());
