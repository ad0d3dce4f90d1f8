import { clsx } from 'clsx';
import { Brain, CircleCheck, KeyRound, Lock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useRotation } from '../hooks/use-rotation.ts';

const PILLAR_ICONS = { encryption: Lock, ai: Brain, keys: KeyRound, compliance: ShieldCheck } as const;
const MONITORING_COLUMNS = ['control', 'detail', 'frequency', 'status'] as const;

interface Pillar {
  id: keyof typeof PILLAR_ICONS;
  title: string;
  body: string;
  points: string[];
}
interface Row {
  control: string;
  detail: string;
  frequency: string;
}

/** 5 monitored controls, one highlighted in turn every 2.5 s (held while the visitor reads it). */
function MonitoringTable() {
  const { t } = useTranslation('security');
  const rows = t('monitoring.rows', { returnObjects: true }) as Row[];
  const [held, setHeld] = useState(false);
  const highlighted = useRotation(rows.length, { paused: held });
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboard users must reach it.
    <div
      role="region"
      aria-label={t('monitoring.caption')}
      tabIndex={0}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className="mt-8 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
    >
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="monitoring-table">
        <caption className="sr-only">{t('monitoring.caption')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {MONITORING_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-5 py-3 font-semibold">
                {t(`monitoring.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.control}
              aria-current={index === highlighted ? 'true' : undefined}
              data-highlighted={index === highlighted}
              className={clsx(
                'border-t border-slate-100 transition-colors duration-500',
                index === highlighted ? 'bg-brand-50' : 'bg-white',
              )}
            >
              <th scope="row" className="px-5 py-4 font-semibold text-slate-900">
                <span className="flex items-center gap-2">
                  <span
                    className={clsx(
                      'h-2 w-2 rounded-full',
                      index === highlighted ? 'bg-brand-600 motion-safe:animate-pulse' : 'bg-slate-300',
                    )}
                    aria-hidden
                  />
                  {row.control}
                </span>
              </th>
              <td className="px-5 py-4 text-slate-700">{row.detail}</td>
              <td className="px-5 py-4 text-slate-700">{row.frequency}</td>
              <td className="px-5 py-4">
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                  <CircleCheck className="h-3.5 w-3.5" aria-hidden />
                  {t('monitoring.status')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SecurityPage() {
  const { t } = useTranslation('security');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const pillars = t('pillars', { returnObjects: true }) as Pillar[];
  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 pb-14 pt-16 sm:px-6 lg:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-200">{t('eyebrow')}</p>
          <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-300">{t('intro')}</p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <ul className="grid gap-5 md:grid-cols-2">
          {pillars.map((pillar) => {
            const Icon = PILLAR_ICONS[pillar.id];
            return (
              <li key={pillar.id} id={pillar.id} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">{pillar.title}</h2>
                <p className="mt-2 leading-relaxed text-slate-700">{pillar.body}</p>
                <ul className="mt-4 space-y-2 text-sm text-slate-700">
                  {pillar.points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="monitoring-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="monitoring-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('monitoring.title')}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-600">{t('monitoring.subtitle')}</p>
          <MonitoringTable />
        </div>
      </section>

      <section aria-labelledby="security-contact" className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 id="security-contact" className="text-2xl font-bold text-slate-900">
          {t('contact.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">{t('contact.body')}</p>
        <Link to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
          {t('contact.cta')}
        </Link>
      </section>
    </>
  );
}
