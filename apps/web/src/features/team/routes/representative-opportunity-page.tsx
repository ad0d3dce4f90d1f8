import { ArrowLeft } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useOpportunity } from '../../../lib/api/get-opportunity.ts';
import { paths } from '../../../lib/paths.ts';
import { DealInsights } from '../../../components/opportunities/deal-insights.tsx';
import { OpportunityView } from '../../../components/opportunities/opportunity-view.tsx';
import { SendFollowUpButton } from '../../../components/opportunities/send-follow-up.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * A representative's opportunity as the manager sees it: the real row, which the manager may edit.
 * `notes`: the deal's notes, from the deal-notes feature (app/routes/manager-opportunity.tsx).
 */
export function RepresentativeOpportunityPage({ notes: Notes }: { notes?: ComponentType<{ opportunityId: number }> } = {}) {
  const { t } = useTranslation('team');
  usePageMeta(t('opportunity.metaTitle'));
  const navigate = useNavigate();
  const { repId = '', oppId: rawOppId = '' } = useParams();
  const oppId = /^\d+$/.test(rawOppId) ? Number.parseInt(rawOppId, 10) : -1;
  // The deal itself (a manager reads and edits any), so the page can edit it with its version.
  const query = useOpportunity(oppId > 0 ? oppId : null);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <button
        type="button"
        onClick={() => void navigate(-1)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('opportunity.back')}
      </button>
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('opportunity.title')}</h1>
        <p className="mt-1 text-slate-600">{t('opportunity.subtitle')}</p>
        {query.data && (
          <div className="mt-3 flex flex-wrap items-start gap-3">
            <DealInsights opportunityId={oppId} />
            <SendFollowUpButton opportunityId={oppId} />
          </div>
        )}
      </header>
      {query.data ? (
        <>
          <OpportunityView opportunity={query.data} readOnly isManager backTo={paths.manager.representative.getHref(repId)} />
          {Notes && <Notes opportunityId={query.data.id} />}
        </>
      ) : (
        <Card padded>
          {oppId > 0 && query.isPending && (
            <div className="space-y-3" aria-busy="true">
              <span className="sr-only">{t('opportunity.loading')}</span>
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-32 w-full" />
            </div>
          )}
          {(oppId <= 0 || query.isError) && (
            <p role="alert" className="py-8 text-center text-slate-700">
              {t('opportunity.notFound')}
            </p>
          )}
        </Card>
      )}
    </div>
  );
}
