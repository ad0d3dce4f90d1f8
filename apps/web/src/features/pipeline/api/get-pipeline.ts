import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PipelineSummary } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getPipeline = (month: string | undefined, signal?: AbortSignal) =>
  api.get<PipelineSummary>(`/api/pipeline${month ? `?month=${month}` : ''}`, { signal });

export const pipelineQueryOptions = (month?: string) =>
  queryOptions({ queryKey: queryKeys.pipeline.month(month), queryFn: ({ signal }) => getPipeline(month, signal) });

export const usePipeline = (month?: string) => useQuery(pipelineQueryOptions(month));
