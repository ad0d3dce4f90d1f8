import { useTranslation } from 'react-i18next';

export const BENEFIT_CARD_IDS = [
  'crm',
  'data-capture',
  'call-gaps',
  'deal-visibility',
  'management-insights',
  'rapid-implementation',
] as const;

/**
 * The company analysis section: the search form and the six benefit cards.
 * Owned by the AI-analysis work (issue 6); the landing and why pages render it.
 */
export function CompanyAnalysis() {
  const { t } = useTranslation('analysis');
  return (
    <section id="analysis" aria-labelledby="analysis-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="analysis-title" className="text-3xl font-bold tracking-tight">
        {t('title')}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFIT_CARD_IDS.map((id) => (
          <li key={id} className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold">{t(`cards.${id}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`cards.${id}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
