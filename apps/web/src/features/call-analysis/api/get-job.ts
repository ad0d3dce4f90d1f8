import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@nexa/domain';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** About once a second, as the job's progress moves in steps of that order. */
export const JOB_POLL_MS = 1000;

export const isFinished = (job: Pick<Job, 'status'> | undefined) => job?.status === 'succeeded' || job?.status === 'failed';
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Polls until the job has finished (or is not ours): then there is nothing more to learn. */
export function jobRefetchInterval(job: Job | undefined, error: unknown, pollMs = JOB_POLL_MS): number | false {
  if (isFinished(job) || isNotFound(error)) return false;
  return pollMs;
}

export const getJob = (id: string, signal?: AbortSignal) => api.get<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal });

export const jobQueryOptions = (id: string, pollMs = JOB_POLL_MS) =>
  queryOptions({
    queryKey: queryKeys.jobs.detail(id),
    queryFn: ({ signal }) => getJob(id, signal),
    staleTime: 0,
    refetchInterval: (query) => jobRefetchInterval(query.state.data, query.state.error, pollMs),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

export const useJob = (id: string, pollMs?: number) => useQuery(jobQueryOptions(id, pollMs));
