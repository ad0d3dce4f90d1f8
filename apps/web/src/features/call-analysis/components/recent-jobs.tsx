import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job } from '@nexa/domain';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useJobs } from '../api/get-jobs.ts';

const TONES: Record<Job['status'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-blue-100 text-blue-800',
  succeeded: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

/** The rep's latest analyses, so one started earlier (or elsewhere) can be followed again. */
export function RecentJobs({ currentId }: { currentId: string | null }) {
  const { t } = useTranslation('call-analysis');
  const jobs = useJobs();
  const items = jobs.data ?? [];
  return (
    <section aria-labelledby="recent-analyses" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="recent-analyses" className="text-base font-semibold text-slate-900">
        {t('recent.title')}
      </h2>
      {jobs.isPending ? (
        <p className="mt-3 text-sm text-slate-600">{t('job.loading')}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('recent.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="recent-jobs">
          {items.map((job) => {
            const date = formatDateTime(job.createdAt) ?? '';
            return (
              <li key={job.id}>
                <Link
                  to={`${paths.rep.analyze.getHref()}?job=${encodeURIComponent(job.id)}`}
                  aria-current={job.id === currentId ? 'page' : undefined}
                  aria-label={`${t('recent.open', { date })} — ${t(`recent.status.${job.status}`)}`}
                  className={cn(
                    'flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm hover:bg-slate-50',
                    job.id === currentId ? 'border-brand-600' : 'border-slate-200',
                  )}
                  data-testid="recent-job"
                >
                  <span className="min-w-0">
                    <span className="block text-slate-900">{date}</span>
                    {job.opportunityId !== null && (
                      // The deal as its owner names it; its number only when the server knows no name for it.
                      <span className="block text-xs text-slate-600" data-testid="recent-job-deal">
                        {job.opportunityName ?? t('recent.opportunity', { id: job.opportunityId })}
                      </span>
                    )}
                  </span>
                  <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', TONES[job.status])}>
                    {t(`recent.status.${job.status}`)}
                    {job.status === 'running' ? ` ${job.progress}%` : ''}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
