import { Bot, Info } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyAnalysisResponse } from '@nexa/domain';

export interface AnalysisOutcome extends CompanyAnalysisResponse {
  companyName: string;
}

/**
 * The diagnosis, as text only (React escapes it: a diagnosis holding markup shows the markup,
 * it never runs), with who wrote it: an offline estimate is never dressed up as a live AI answer.
 */
export function AnalysisResult({ outcome, headingRef }: { outcome: AnalysisOutcome; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('analysis');
  const paragraphs = outcome.analysis.split(/\n{2,}/).filter((p) => p.trim());
  const offline = outcome.provider === 'offline';
  const cardTitles = outcome.recommendedCards.map((id) => t(`cards.${id}.title`));
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="analysis-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {t('result.title', { company: outcome.companyName })}
        </h3>
        <span
          data-testid="analysis-provider"
          className={
            offline
              ? 'inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900'
              : 'inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700'
          }
        >
          {offline ? <Info className="h-3.5 w-3.5" aria-hidden="true" /> : <Bot className="h-3.5 w-3.5" aria-hidden="true" />}
          {offline ? t('result.providerOffline') : t('result.providerAi')}
        </span>
      </div>
      <div className="mt-4 space-y-3 text-slate-700" lang={outcome.language}>
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <p className="mt-5 text-sm font-medium text-slate-900">
        {cardTitles.length
          ? t('result.recommended', { company: outcome.companyName, cards: cardTitles.join(' · ') })
          : t('result.noneRecommended')}
      </p>
    </article>
  );
}
