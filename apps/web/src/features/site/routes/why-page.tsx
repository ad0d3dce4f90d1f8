import {
  BarChart3,
  Bot,
  CalendarDays,
  ClipboardCheck,
  Database,
  FileText,
  MessageSquareQuote,
  Mic,
  Quote,
  UserCheck,
  Users,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { CallDemo } from '../components/call-demo.tsx';
import { CompanyAnalysis } from '../components/company-analysis.tsx';
import { useOnScreen } from '../hooks/use-on-screen.ts';

const FEATURE_ICONS = [Mic, ClipboardCheck, MessageSquareQuote, FileText, Database, BarChart3];

interface Item {
  title: string;
  body: string;
}

export function WhyPage() {
  // 'analysis' is listed so both namespaces load in parallel, not one after the other.
  const { t } = useTranslation(['why', 'analysis']);
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const stats = t('stats.items', { returnObjects: true }) as Array<{ value: string; label: string }>;
  const features = t('features.items', { returnObjects: true }) as Item[];
  const views = [
    { key: 'manager', icon: Users },
    { key: 'sales', icon: UserCheck },
  ] as const;
  const heroCta = useRef<HTMLAnchorElement>(null);
  const heroCtaOnScreen = useOnScreen(heroCta);

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-12 pt-16 text-center sm:px-6 lg:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('hero.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link ref={heroCta} to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'lg' })}>
              <CalendarDays className="h-4 w-4" aria-hidden />
              {t('hero.cta')}
            </Link>
            <a href="#call-demo" className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
              {t('hero.secondary')}
            </a>
          </div>
        </div>
      </section>

      <section id="call-demo" aria-labelledby="call-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6">
        <h2 id="call-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {t('call.title')}
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600">{t('call.subtitle')}</p>
        <div className="mt-8">
          <CallDemo />
        </div>
      </section>

      <section aria-labelledby="stats-title" className="bg-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="stats-title" className="max-w-3xl text-3xl font-bold tracking-tight">
            {t('stats.title')}
          </h2>
          <dl className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.value} className="border-l-2 border-indigo-400 pl-5">
                <dt className="text-4xl font-bold tracking-tight text-white">{stat.value}</dt>
                <dd className="mt-2 text-sm leading-relaxed text-slate-300">{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {t('features.title')}
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature, index) => {
            const Icon = FEATURE_ICONS[index] ?? Bot;
            return (
              <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="split-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="split-title" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('split.title')}
          </h2>
          <p className="mt-2 text-slate-600">{t('split.subtitle')}</p>
          <div className="mt-10 grid gap-5 md:grid-cols-2" data-testid="split-view">
            {views.map(({ key, icon: Icon }) => (
              <div
                key={key}
                className={
                  key === 'manager'
                    ? 'rounded-2xl bg-slate-900 p-7 text-white'
                    : 'rounded-2xl border border-slate-200 bg-white p-7 text-slate-900'
                }
              >
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon className="h-5 w-5" aria-hidden />
                  {t(`split.${key}.title`)}
                </h3>
                <ul className="mt-5 space-y-3 text-sm leading-relaxed">
                  {(t(`split.${key}.items`, { returnObjects: true }) as string[]).map((item) => (
                    <li key={item} className="flex gap-2.5">
                      <span
                        className={`mt-2 h-1.5 w-1.5 shrink-0 rounded-full ${key === 'manager' ? 'bg-indigo-300' : 'bg-brand-600'}`}
                        aria-hidden
                      />
                      <span className={key === 'manager' ? 'text-slate-200' : 'text-slate-700'}>{item}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <CompanyAnalysis />

      <section aria-label={t('quote.role')} className="mx-auto max-w-4xl px-4 pb-24 pt-8 sm:px-6">
        <figure className="rounded-3xl bg-brand-50 px-6 py-10 text-center sm:px-12">
          <Quote className="mx-auto h-8 w-8 text-brand-600" aria-hidden />
          <blockquote className="mt-4 text-lg font-medium leading-relaxed text-slate-900 sm:text-xl">
            <p>“{t('quote.text')}”</p>
          </blockquote>
          <figcaption className="mt-6 text-sm">
            <span className="font-semibold text-slate-900">{t('quote.author')}</span>
            <span className="text-slate-600"> · {t('quote.role')}</span>
          </figcaption>
        </figure>
      </section>

      {/* Floats in once the hero's own button has scrolled away: two at once would cover the
          hero's second button on a phone and say the same thing twice. */}
      {!heroCtaOnScreen && (
        <Link
          to={paths.bookDemo.getHref()}
          className={buttonVariants({
            size: 'lg',
            className: 'fixed bottom-5 right-5 z-30 rounded-full shadow-lg shadow-brand-600/30',
          })}
          data-testid="floating-book-demo"
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
          {t('floating')}
        </Link>
      )}
    </>
  );
}
