import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, TranscriptLanguage } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type TranscriptSource = { kind: 'file'; file: File } | { kind: 'text'; text: string };
export type AnalysisTarget =
  { kind: 'existing'; opportunityId: number } | { kind: 'new'; client_company_name: string; product: string; amount?: number };

export interface CallAnalysisInput {
  language: TranscriptLanguage;
  transcript: TranscriptSource;
  target: AnalysisTarget;
  /** The day of the call (YYYY-MM-DD): "next Tuesday" said in it is read from that day. */
  callDate?: string;
}

/** The multipart body of POST /api/call-analyses; the file goes last so the server reads the fields first. */
export function toFormData({ language, transcript, target, callDate }: CallAnalysisInput): FormData {
  const form = new FormData();
  form.set('language', language);
  if (callDate) form.set('call_date', callDate);
  if (target.kind === 'existing') form.set('opportunityId', String(target.opportunityId));
  else {
    form.set('client_company_name', target.client_company_name);
    form.set('product', target.product);
    if (target.amount !== undefined) form.set('amount', String(target.amount));
  }
  if (transcript.kind === 'text') form.set('text', transcript.text);
  else form.set('transcript', transcript.file, transcript.file.name);
  return form;
}

export const createCallAnalysis = (input: CallAnalysisInput) => api.post<Job>('/api/call-analyses', toFormData(input));

export function useCreateCallAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCallAnalysis,
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.jobs.detail(job.id), job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.jobs.list() });
    },
  });
}
