import { ArrowRight, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { CompanyAnalysis } from '../components/company-analysis.tsx';
import { DealDemoCard } from '../components/deal-demo-card.tsx';
import { PartnerCarousel } from '../components/partner-carousel.tsx';

export function LandingPage() {
  // 'analysis' is listed so both namespaces load in parallel, not one after the other.
  const { t } = useTranslation(['site', 'analysis']);
  usePageMeta(t('landing.metaTitle'), t('landing.metaDescription'));
  const proof = t('landing.proof', { returnObjects: true }) as string[];
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div
          className="pointer-events-none absolute left-1/2 top-0 h-[480px] w-[900px] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
          aria-hidden
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:py-24">
          <div>
            <p className="inline-flex items-center rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100 sm:text-sm">
              {t('landing.tagline')}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
              {t('landing.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">{t('landing.subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.whyNexa.getHref()} className={buttonVariants({ size: 'lg' })}>
                {t('landing.cta')}
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
              <Link to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
                {t('landing.secondaryCta')}
              </Link>
            </div>
            <ul className="mt-8 space-y-2 text-sm text-slate-700">
              {proof.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <CircleCheck className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <DealDemoCard />
        </div>
      </section>
      <CompanyAnalysis />
      <PartnerCarousel />
      <ClosingBanner />
    </>
  );
}
