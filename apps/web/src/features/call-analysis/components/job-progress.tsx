import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Job } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { invalidateRepData } from '../../../lib/api/create-sample-opportunities.ts';
import { paths } from '../../../lib/paths.ts';
import { isFinished, useJob } from '../api/get-job.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The status line read out as the job moves; the figure itself is on the progress bar. */
function statusText(t: (key: string, options?: Record<string, unknown>) => string, job: Job | undefined): string {
  if (!job) return t('job.loading');
  if (job.status === 'running') return t('job.running', { progress: job.progress });
  return t(`job.${job.status}`);
}

/**
 * A job followed to its end: polled about every second, a progress bar and a live status line,
 * then a link to the opportunity or the job's (safe) error and a retry.
 */
export function JobProgress({ jobId, onRetry, pollMs }: { jobId: string; onRetry: (job: Job) => void; pollMs?: number }) {
  const { t } = useTranslation('call-analysis');
  const queryClient = useQueryClient();
  const query = useJob(jobId, pollMs);
  const job = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // Toast a change seen on this page, not a job that had already finished when the page opened.
  const seenUnfinished = useRef(false);

  useEffect(() => {
    if (!job) return;
    if (!isFinished(job)) {
      seenUnfinished.current = true;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.list() });
    if (!seenUnfinished.current) return;
    seenUnfinished.current = false;
    if (job.status === 'succeeded') {
      void invalidateRepData(queryClient);
      toast.success(t('toasts.succeeded'));
    } else toast.error(t('toasts.failed'), { description: job.error ?? undefined });
  }, [job, queryClient, t]);

  const progress = job ? (job.status === 'succeeded' ? 100 : job.progress) : 0;
  const tone = job?.status === 'failed' ? 'bg-red-600' : job?.status === 'succeeded' ? 'bg-green-600' : 'bg-brand-600';

  if (notFound) {
    return (
      <p role="alert" className="text-slate-800">
        {t('job.notFound')}
      </p>
    );
  }
  return (
    <div className="space-y-4" data-testid="job-progress" data-status={job?.status ?? 'loading'}>
      <div
        role="progressbar"
        aria-label={t('job.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full transition-[width] duration-500 ${tone}`} style={{ width: `${progress}%` }} />
      </div>
      <p role="status" aria-live="polite" className="flex items-center gap-2 font-medium text-slate-900" data-testid="job-status">
        {job?.status === 'succeeded' && <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden />}
        {job?.status === 'failed' && <AlertCircle className="h-5 w-5 text-red-600" aria-hidden />}
        {statusText(t, job)}
      </p>
      {job && !isFinished(job) && <p className="text-sm text-slate-600">{t('job.leaveHint')}</p>}
      {job?.status === 'failed' && (
        <>
          {job.error && (
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="job-error">
              {job.error}
            </p>
          )}
          <Button variant="secondary" onClick={() => onRetry(job)}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            {t('job.retry')}
          </Button>
        </>
      )}
      {job?.status === 'succeeded' && job.opportunityId !== null && (
        <Link
          to={`${paths.rep.opportunity.getHref(job.opportunityId)}#call-analysis`}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('job.openOpportunity')}
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}
