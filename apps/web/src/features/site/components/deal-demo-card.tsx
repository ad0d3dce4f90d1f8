import { clsx } from 'clsx';
import { ArrowRight, CircleCheck, LoaderCircle, Pause, Phone, Play, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DEMO_LAST_STEP, useDealDemo } from '../hooks/use-deal-demo.ts';

/**
 * The landing page's looping product demo: a deal card that fills in as Nexa
 * works through a call, a detail panel, a play/pause control and a progress bar.
 */
export function DealDemoCard() {
  const { t } = useTranslation('site');
  const demo = useDealDemo();
  const { step, panelOpen, playing, started } = demo;
  const active = step === DEMO_LAST_STEP;
  const caption = started ? t(`demo.captions.${step}`) : t('demo.captions.notStarted');
  const insights = t('demo.panel.insights', { returnObjects: true }) as string[];

  return (
    <figure
      aria-label={t('demo.label')}
      data-testid="deal-demo"
      data-step={step}
      data-playing={playing}
      className="relative flex h-[560px] w-full sm:h-auto sm:aspect-[4/3] flex-col overflow-hidden rounded-2xl bg-slate-900 text-left shadow-2xl shadow-indigo-900/20 ring-1 ring-slate-900/10"
    >
      <div className="flex items-center gap-3 border-b border-white/10 px-4 py-2.5">
        <span className="flex gap-1.5" aria-hidden>
          <span className="h-2.5 w-2.5 rounded-full bg-rose-400/80" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300/80" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-400/80" />
        </span>
        <span className="truncate text-xs font-medium text-slate-300">{t('demo.window')}</span>
        <span className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-emerald-400/15 px-2 py-0.5 text-[11px] font-semibold text-emerald-300">
          <Phone className="h-3 w-3" aria-hidden />
          {t('demo.liveCall')}
        </span>
      </div>

      <div className="flex min-h-0 flex-1 flex-col gap-2.5 p-3 sm:gap-3 sm:p-4">
        <p className="flex items-center gap-2 text-xs font-medium text-brand-100 sm:text-sm" data-testid="demo-caption">
          <Sparkles className="h-4 w-4 shrink-0 text-indigo-300" aria-hidden />
          <span className="truncate">{caption}</span>
        </p>
        {/* Screen readers hear each stage of the call once, not every progress tick. */}
        <p className="sr-only" aria-live="polite">
          {started ? caption : ''}
        </p>

        <button
          type="button"
          onClick={demo.togglePanel}
          aria-expanded={panelOpen}
          aria-controls="deal-demo-panel"
          aria-disabled={playing}
          aria-label={`${t('demo.deal.company')} — ${panelOpen ? t('demo.deal.close') : t('demo.deal.open')}`}
          className="rounded-xl bg-white p-3 text-left shadow-sm transition hover:ring-2 hover:ring-indigo-300 sm:p-3.5"
        >
          <span className="flex items-center justify-between gap-2">
            <span className="text-sm font-semibold text-slate-900">{t('demo.deal.company')}</span>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-[11px] font-semibold',
                active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600',
              )}
            >
              {active ? '87/100' : '—'}
            </span>
          </span>
          <span className="mt-0.5 block truncate text-xs text-slate-600">{t('demo.deal.title')}</span>
          <span
            className={clsx('mt-1.5 line-clamp-2 block text-xs', active ? 'text-slate-700' : 'italic text-slate-500')}
            data-testid="deal-summary"
          >
            {active ? t('demo.deal.summary') : t('demo.deal.waiting')}
          </span>
        </button>

        <div
          id="deal-demo-panel"
          hidden={!panelOpen}
          className="min-h-0 flex-1 overflow-hidden rounded-xl bg-slate-800/80 p-3 text-xs text-slate-200 ring-1 ring-white/10"
          data-testid="deal-panel"
        >
          <div className="grid h-full gap-3 sm:grid-cols-[1.2fr_1fr]">
            <div className="min-w-0 space-y-1.5">
              <p className="font-semibold text-white">{t('demo.panel.summary')}</p>
              {step === 0 && (
                <p className="flex items-center gap-1.5 text-slate-300">
                  <span className="h-2 w-2 rounded-full bg-emerald-400 motion-safe:animate-pulse" aria-hidden />
                  {t('demo.panel.listening')}
                </p>
              )}
              {step >= 1 && step < DEMO_LAST_STEP && (
                <p className="flex items-center gap-1.5 text-indigo-200" data-testid="send-step">
                  <LoaderCircle className="h-3.5 w-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
                  {t(`demo.panel.steps.${step}`)}
                </p>
              )}
              <ul className="space-y-1">
                {insights.map((text, index) => (
                  <li
                    key={text}
                    className={clsx(
                      'flex items-start gap-1.5 transition-opacity duration-300',
                      step > index ? 'opacity-100' : 'opacity-0',
                    )}
                    aria-hidden={step <= index}
                  >
                    <CircleCheck className="mt-px h-3.5 w-3.5 shrink-0 text-emerald-400" aria-hidden />
                    <span className="line-clamp-1 sm:line-clamp-2">{text}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div
              className={clsx(
                'min-w-0 space-y-1.5 rounded-lg bg-slate-900/70 p-2.5 transition-opacity duration-300',
                active ? 'opacity-100' : 'opacity-0',
              )}
              aria-hidden={!active}
              data-testid="manager-view"
            >
              <p className="flex items-baseline justify-between font-semibold text-white">
                {t('demo.panel.manager')}
                <span className="text-base font-bold text-emerald-300">87/100</span>
              </p>
              <p>
                <span className="font-semibold text-indigo-200">{t('demo.panel.coaching')}: </span>
                <span className="line-clamp-2">{t('demo.panel.coachingText')}</span>
              </p>
              <p>
                <span className="font-semibold text-indigo-200">{t('demo.panel.opportunity')}: </span>
                <span className="line-clamp-2">{t('demo.panel.opportunityText')}</span>
              </p>
            </div>
          </div>
        </div>
        {!panelOpen && <div className="flex-1" aria-hidden />}

        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={playing ? demo.pause : demo.play}
            aria-label={playing ? t('demo.pause') : t('demo.play')}
            data-testid="demo-play-pause"
            className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white text-slate-900 hover:bg-brand-100"
          >
            {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="ml-0.5 h-4 w-4" aria-hidden />}
          </button>
          <div
            role="progressbar"
            aria-label={t('demo.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(demo.progress)}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/15"
          >
            <div className="h-full rounded-full bg-indigo-400" style={{ width: `${demo.progress}%` }} />
          </div>
          {active && !playing && (
            <Link
              to={paths.whyNexa.getHref()}
              className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-indigo-200 hover:text-white"
            >
              {t('demo.deal.insights')}
              <ArrowRight className="h-3.5 w-3.5" aria-hidden />
            </Link>
          )}
        </div>
      </div>

      {!started && (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-900/70 backdrop-blur-[2px]">
          <button
            type="button"
            onClick={demo.play}
            className="flex flex-col items-center gap-3 rounded-2xl px-6 py-4 text-white"
            data-testid="demo-overlay"
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-brand-700 shadow-lg">
              <Play className="ml-1 h-7 w-7" aria-hidden />
            </span>
            <span className="text-lg font-semibold">{t('demo.watch')}</span>
            <span className="text-sm text-slate-300">{t('demo.watchHint')}</span>
          </button>
        </div>
      )}
    </figure>
  );
}
