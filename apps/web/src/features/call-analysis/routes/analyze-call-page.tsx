import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Job } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCreateCallAnalysis, type CallAnalysisInput } from '../api/create-call-analysis.ts';
import { AnalyzeCallForm } from '../components/analyze-call-form.tsx';
import { JobProgress } from '../components/job-progress.tsx';
import { RecentJobs } from '../components/recent-jobs.tsx';

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) ? Number.parseInt(value, 10) : null);

/**
 * /rep/analyze: the form, or (?job=…) the job being followed — in the URL so a reload,
 * or coming back from the recent list, resumes it.
 */
export function AnalyzeCallPage() {
  const { t } = useTranslation('call-analysis');
  usePageMeta(t('page.metaTitle'));
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const prefilled = positiveId(params.get('opportunity'));
  const create = useCreateCallAnalysis();
  // The last request of this visit, sent again by "Try again" (a reload forgets the file).
  const [last, setLast] = useState<CallAnalysisInput | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = async (input: CallAnalysisInput) => {
    try {
      const job = await create.mutateAsync(input);
      setLast(input);
      toast.success(t('toasts.queued'));
      setParams({ job: job.id });
    } catch (error) {
      // A file in none of the accepted formats: say which formats are.
      const unrecognised = error instanceof ApiError && error.message.startsWith('unrecognised_transcript');
      toast.error(t('toasts.submitFailed'), { description: unrecognised ? t('form.errors.unrecognised') : t(errorKey(error)) });
    }
  };

  const retry = (job: Job) => {
    if (last) return void submit(last);
    toast.info(t('job.retryHint'));
    setParams(job.opportunityId ? { opportunity: String(job.opportunityId) } : {});
  };

  const startOver = () => {
    setFormKey((k) => k + 1);
    setParams({});
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-slate-600">{t('page.subtitle')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {jobId ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('job.progress')}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-6">
                <JobProgress key={jobId} jobId={jobId} onRetry={retry} />
                <Button variant="ghost" onClick={startOver} className="px-0 text-brand-700 hover:bg-transparent hover:underline">
                  {t('page.another')}
                </Button>
              </CardContent>
            </Card>
          ) : (
            <AnalyzeCallForm
              key={`${formKey}-${prefilled ?? ''}`}
              prefilledId={prefilled}
              submitting={create.isPending}
              onSubmit={(input) => void submit(input)}
            />
          )}
        </div>
        <div className="min-w-0">
          <RecentJobs currentId={jobId} />
        </div>
      </div>
    </div>
  );
}
