import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { METRIC_IDS } from '../../../components/metrics/metric-ids.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

/** How each figure of the workspaces is computed: one section per metric, its id the anchor tooltips link to. */
export function MetricsHelpPage() {
  const { t } = useTranslation('metrics');
  usePageMeta(t('page.metaTitle'));
  const { hash } = useLocation();

  // The page renders after its chunk and messages load, later than the browser looks for the anchor.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-slate-600">{t('page.intro')}</p>
      </header>
      <Card className="divide-y divide-slate-200">
        {METRIC_IDS.map((id) => (
          <section
            key={id}
            id={id}
            tabIndex={-1}
            aria-labelledby={`${id}-title`}
            className="scroll-mt-20 px-4 py-4 outline-none target:bg-brand-50 focus-visible:bg-brand-50 sm:px-6"
          >
            <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
              {t(`items.${id}.name`)}
            </h2>
            <p className="mt-1 text-slate-700">{t(`items.${id}.formula`)}</p>
          </section>
        ))}
      </Card>
    </div>
  );
}
