import { AlertTriangle, ArrowLeft, AudioLines, CheckCircle2, Info, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  displayStatus,
  leadTemperature,
  parseCommercialPoints,
  parseTechnicalQa,
  statusIconTone,
  type OpportunityDetail,
} from '@nexa/domain';
import { CallAnalysisSection } from '../../../components/call-analysis/call-analysis-section.tsx';
import { LeadBadge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney, formatPercent, formatScore } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCallAnalyses } from '../../../lib/api/get-call-analyses.ts';
import { useOpportunity } from '../../../lib/api/get-opportunity.ts';
import { SpecificationDownloads, useSpecificationDownload } from '../components/downloads.tsx';

export function OpportunityPage() {
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
        <Detail opportunity={opportunity.data} />
      )}
    </div>
  );
}

const ICONS = {
  amber: { Icon: AlertTriangle, className: 'text-amber-500' },
  green: { Icon: CheckCircle2, className: 'text-green-600' },
  red: { Icon: XCircle, className: 'text-red-600' },
  info: { Icon: Info, className: 'text-blue-600' },
} as const;

function ScoreTile({ label, score }: { label: string; score: number | null }) {
  const { t } = useTranslation('opportunities');
  const value = score === null ? null : Math.max(0, Math.min(10, score));
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {value === null ? t('detail.na') : `${formatScore(value)}${t('detail.outOf10')}`}
      </p>
      <div
        className="mt-2 h-2 rounded-full bg-slate-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={value ?? undefined}
      >
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${((value ?? 0) / 10) * 100}%` }} />
      </div>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}

function Detail({ opportunity: o }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('opportunities');
  const na = t('detail.na');
  const status = displayStatus(o.status);
  const { Icon, className } = ICONS[statusIconTone(o.stage)];
  // Spec §9: the win rate shows only when the status contains "closed".
  const winRate = /closed/i.test(o.status ?? '') ? o.owner_win_rate : null;
  const points = parseCommercialPoints(o.commercial_answers);
  const [firstQa] = parseTechnicalQa(o.technical_answers);
  const technical = useSpecificationDownload(o.id);
  const callAnalyses = useCallAnalyses(o.id);
  const fields: Array<[string, string | null]> = [
    [t('detail.product'), o.product],
    [t('detail.company'), o.client_company_name],
    [t('detail.industry'), o.company_industry],
    [t('detail.status'), t(`status.${status}`, { defaultValue: status })],
    [t('detail.closeDate'), formatDate(o.closing_date)],
    [t('detail.contact'), o.client_name],
  ];

  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Icon
              className={cn('h-6 w-6', className)}
              aria-label={status}
              data-testid="status-icon"
              data-tone={statusIconTone(o.stage)}
            />
            <CardTitle className="text-xl">{o.client_company_name?.trim() || t('detail.unnamed')}</CardTitle>
            {leadTemperature(o.lead_status) !== 'N/A' && <LeadBadge value={o.lead_status} na={na} />}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <AnalyzeCallLink id={o.id} />
            <SpecificationDownloads id={o.id} attachedFile={o.technical_attached_file} />
          </div>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <ScoreTile label={t('detail.technicalScore')} score={o.technical_scoring} />
            <ScoreTile label={t('detail.commercialScore')} score={o.commercial_scoring} />
            <Tile label={t('detail.winRate')} value={winRate === null ? na : formatPercent(winRate)} />
            <Tile label={t('detail.dealValue')} value={o.amount === null ? na : formatMoney(o.amount)} />
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
                <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{value?.toString().trim() ? value : na}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Tabs defaultValue="commercial">
        <TabsList>
          <TabsTrigger value="commercial">{t('detail.commercialTab')}</TabsTrigger>
          <TabsTrigger value="technical">{t('detail.technicalTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="commercial">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>{t('detail.commercialTab')}</CardTitle>
              <span className="text-sm text-slate-600" data-testid="points-count">
                {t('detail.points', { count: points.length })}
              </span>
            </CardHeader>
            <CardContent className="space-y-4">
              {points.length === 0 ? (
                <p className="text-slate-600">{t('detail.noPoints')}</p>
              ) : (
                <ol className="space-y-3">
                  {points.map((point, i) => (
                    <li key={i} className="flex gap-3">
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                        {point.number}
                      </span>
                      <p className="text-slate-800">
                        {point.title && <strong className="font-semibold text-slate-900">{point.title}: </strong>}
                        {point.text}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
              {o.commercial_feedback && (
                <div className="rounded-lg bg-slate-50 p-3">
                  <p className="text-sm font-semibold text-slate-900">{t('detail.feedback')}</p>
                  <p className="text-sm text-slate-700">{o.commercial_feedback}</p>
                </div>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="technical">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>{t('detail.technicalTab')}</CardTitle>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void technical.run('technical')}
                disabled={technical.busy !== null}
                data-testid="download-technical"
              >
                {t('detail.downloadTechnical')}
              </Button>
            </CardHeader>
            <CardContent className="space-y-4">
              {firstQa ? (
                <div className="space-y-2">
                  <p className="text-slate-900">
                    <strong>{t('detail.question')}:</strong> {firstQa.question}
                  </p>
                  <p className="text-slate-800">
                    <strong>{t('detail.response')}:</strong> {firstQa.response}
                  </p>
                </div>
              ) : (
                <p className="text-slate-600">{t('detail.noQa')}</p>
              )}
              {o.technical_feedback && (
                <div className="rounded-lg bg-slate-50 p-3">
                  <p className="text-sm font-semibold text-slate-900">{t('detail.feedback')}</p>
                  <p className="text-sm text-slate-700">{o.technical_feedback}</p>
                </div>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <CallAnalysisSection query={callAnalyses} />
    </>
  );
}

function AnalyzeCallLink({ id }: { id: number }) {
  const { t } = useTranslation('call-analysis');
  return (
    <Link
      to={paths.rep.analyze.getHref(id)}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      data-testid="analyze-call"
    >
      <AudioLines className="h-4 w-4" aria-hidden />
      {t('section.analyze')}
    </Link>
  );
}
