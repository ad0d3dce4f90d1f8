import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, SpeakerRole, TranscriptLanguage } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export interface RerunCallAnalysisInput {
  opportunityId: number;
  analysisId: string;
  language: TranscriptLanguage;
  /** The roles the rep chose: they win over every rule. */
  speakerRoles: Record<string, SpeakerRole>;
}

/** POST /api/call-analyses again on an earlier analysis's transcript, with the roles the rep chose. */
export function rerunCallAnalysis(input: RerunCallAnalysisInput) {
  const form = new FormData();
  form.set('language', input.language);
  form.set('opportunityId', String(input.opportunityId));
  form.set('fromAnalysisId', input.analysisId);
  form.set('speakerRoles', JSON.stringify(input.speakerRoles));
  return api.post<Job>('/api/call-analyses', form);
}

export function useRerunCallAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rerunCallAnalysis,
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.jobs.detail(job.id), job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.jobs.list() });
    },
  });
}
