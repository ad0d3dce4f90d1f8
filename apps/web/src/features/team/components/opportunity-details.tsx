import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseCommercialPoints, parseTechnicalQa, type Opportunity } from '@nexa/domain';
import { specificationUrl } from '../../../lib/api/download-specification.ts';
import { formatDate, formatMoney, formatScore } from '../../../lib/format.ts';
import { LeadMark, StatusBadge } from './lead-mark.tsx';
import { ScoreBar } from '../../../components/ui/score-bar.tsx';

function Score({ label, score }: { label: string; score: number | null }) {
  const { t } = useTranslation('team');
  const shown = score === null ? t('representative.na') : t('opportunity.scoreOutOf', { score: formatScore(score) });
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <span className="text-lg font-bold tabular-nums">{shown}</span>
      </div>
      <ScoreBar score={score} label={t('opportunity.scoreProgress', { label, score: score ?? 0 })} />
    </div>
  );
}

/** The read-only body of an opportunity: fields, scores, answers, feedback and the specification download. */
export function OpportunityDetails({ opportunity: o }: { opportunity: Opportunity }) {
  const { t } = useTranslation('team');
  const na = t('representative.na');
  const qa = parseTechnicalQa(o.technical_answers);
  const points = parseCommercialPoints(o.commercial_answers);
  const fields: Array<[string, React.ReactNode]> = [
    ['product', o.product || na],
    ['company', o.client_company_name || na],
    ['industry', o.company_industry || na],
    ['status', <StatusBadge key="s" status={o.status} stage={o.stage} />],
    ['amount', o.amount === null ? na : formatMoney(o.amount)],
    ['closeDate', formatDate(o.closing_date) ?? na],
    ['contact', o.client_name || na],
    ['leadStatus', <LeadMark key="l" leadStatus={o.lead_status} />],
  ];
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {fields.map(([key, value]) => (
          <div key={key} className="flex items-center justify-between gap-3 border-b border-slate-100 pb-2">
            <dt className="shrink-0 text-slate-600">{t(`opportunity.fields.${key}`)}</dt>
            <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-3 sm:grid-cols-2">
        <Score label={t('opportunity.technicalScore')} score={o.technical_scoring} />
        <Score label={t('opportunity.commercialScore')} score={o.commercial_scoring} />
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby={`technical-${o.id}`} className="space-y-3">
          <h3 id={`technical-${o.id}`} className="font-semibold">
            {t('opportunity.technical')} — {t('opportunity.answers')}
          </h3>
          {qa.length === 0 ? (
            <p className="text-sm text-slate-600">{t('opportunity.noAnswers')}</p>
          ) : (
            <ol className="space-y-3 text-sm">
              {qa.map((pair, i) => (
                <li key={i} className="rounded-lg bg-slate-50 p-3">
                  <p className="font-medium">
                    <span className="sr-only">{t('opportunity.question')}: </span>
                    {pair.question}
                  </p>
                  <p className="mt-1 text-slate-700">
                    <span className="sr-only">{t('opportunity.response')}: </span>
                    {pair.response}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <div>
            <h4 className="text-sm font-semibold text-slate-700">{t('opportunity.feedback')}</h4>
            <p className="text-sm text-slate-700">{o.technical_feedback || t('opportunity.noFeedback')}</p>
          </div>
          <a
            href={specificationUrl(o.id, 'pdf')}
            target="_blank"
            rel="noopener"
            download
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            data-testid="specification-download"
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('opportunity.downloadSpecification')}
          </a>
        </section>

        <section aria-labelledby={`commercial-${o.id}`} className="space-y-3">
          <h3 id={`commercial-${o.id}`} className="flex items-baseline justify-between gap-2 font-semibold">
            <span>
              {t('opportunity.commercial')} — {t('opportunity.answers')}
            </span>
            <span className="text-xs font-medium text-slate-600">{t('opportunity.points', { count: points.length })}</span>
          </h3>
          {points.length === 0 ? (
            <p className="text-sm text-slate-600">{t('opportunity.noAnswers')}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {points.map((point, i) => (
                <li key={i} className="rounded-lg bg-slate-50 p-3">
                  {point.title && <span className="font-medium">{point.title}: </span>}
                  <span className="text-slate-700">{point.text}</span>
                </li>
              ))}
            </ol>
          )}
          <div>
            <h4 className="text-sm font-semibold text-slate-700">{t('opportunity.feedback')}</h4>
            <p className="text-sm text-slate-700">{o.commercial_feedback || t('opportunity.noFeedback')}</p>
          </div>
        </section>
      </div>
    </div>
  );
}
