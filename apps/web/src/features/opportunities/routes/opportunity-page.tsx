import { ArrowLeft } from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DealInsights } from '../../../components/opportunities/deal-insights.tsx';
import { OpportunityView } from '../../../components/opportunities/opportunity-view.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOpportunity } from '../../../lib/api/get-opportunity.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { FollowUpActions } from '../components/follow-up-actions.tsx';

/**
 * `committee`: the deal's buying committee, from the contacts feature; `notes`: its notes, from the
 * deal-notes feature (both given by app/routes/rep-opportunity.tsx).
 */
export function OpportunityPage({
  committee: Committee,
  notes: Notes,
}: { committee?: ComponentType<{ opportunityId: number }>; notes?: ComponentType<{ opportunityId: number }> } = {}) {
  const { t } = useTranslation('opportunities');
  usePageMeta(`${t('detail.title')} — Nexa`);
  const navigate = useNavigate();
  const { oppId } = useParams();
  const id = Number.parseInt(oppId ?? '', 10);
  const opportunity = useOpportunity(id);
  const notFound =
    !Number.isInteger(id) || id <= 0 || (opportunity.error instanceof ApiError && opportunity.error.status === 404);
  const failed = opportunity.isError && !notFound;

  useEffect(() => {
    if (failed) toast.error(t('toasts.detailError'), { description: t('toasts.detailErrorBody') });
  }, [failed, t]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-start gap-3">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => void navigate(-1)}
          aria-label={t('detail.back')}
          title={t('detail.back')}
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Button>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('detail.title')}</h1>
          <p className="text-slate-600">{t('detail.subtitle')}</p>
          {Number.isInteger(id) && id > 0 && !notFound && (
            <div className="mt-3">
              <DealInsights opportunityId={id} />
            </div>
          )}
        </div>
      </div>
      {notFound ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p className="text-lg font-semibold text-slate-900" role="alert">
              {t('detail.notFound')}
            </p>
          </CardContent>
        </Card>
      ) : failed ? (
        <p className="text-red-700" role="alert">
          {t('toasts.detailErrorBody')}
        </p>
      ) : opportunity.isPending || !opportunity.data ? (
        <p className="py-12 text-center text-slate-600" role="status">
          {t('detail.loading')}
        </p>
      ) : (
        <>
          <OpportunityView opportunity={opportunity.data} backTo={paths.rep.opportunities.getHref()} />
          {Committee && <Committee opportunityId={opportunity.data.id} />}
          {Notes && <Notes opportunityId={opportunity.data.id} />}
          <FollowUpActions opportunity={opportunity.data} />
        </>
      )}
    </div>
  );
}
