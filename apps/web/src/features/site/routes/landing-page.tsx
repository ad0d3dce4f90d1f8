import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { CompanyAnalysis } from '../components/company-analysis.tsx';

export function LandingPage() {
  const { t } = useTranslation('site');
  usePageMeta(t('landing.metaTitle'), t('landing.metaDescription'));
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('landing.tagline')}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('landing.title')}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">{t('landing.subtitle')}</p>
        <Link to={paths.whyNexa.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          {t('landing.cta')}
        </Link>
      </div>
      <CompanyAnalysis />
    </section>
  );
}
