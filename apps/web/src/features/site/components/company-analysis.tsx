import { clsx } from 'clsx';
import { LoaderCircle, RotateCcw, Search } from 'lucide-react';
import { Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanCompanyName, companyNameProblem, type CompanyNameProblem } from '@nexa/domain/cards';
import { currentLanguage } from '../../../lib/i18n.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import type { AnalysisOutcome } from './analysis/analysis-result.tsx';
import { BenefitCards } from './analysis/benefit-cards.tsx';
import { notify } from './analysis/notify.ts';
import { useProgress } from './analysis/use-progress.ts';

const buttonBase =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2';

// A result is shown only after an analysis: its code is not part of the landing page's first load;
// it starts loading when the visitor submits, while the analysis runs.
const loadResult = () => import('./analysis/analysis-result.tsx');
const AnalysisResult = lazyNamed(loadResult, 'AnalysisResult');
// The call itself (the API client) too: the landing page's first load carries only the form.
const loadAnalysis = () => import('../api/analyze-company.ts');

/**
 * The company analysis section (landing and why pages): a company name in, a diagnosis and up
 * to two highlighted benefit cards out. States: idle → searching → searched; Reset clears both
 * The text and the result; a failed analysis clears the result.
 */
export function CompanyAnalysis() {
  const { t } = useTranslation('analysis');
  const ids = { title: useId(), input: useId(), notice: useId(), progress: useId() };
  const [query, setQuery] = useState('');
  const [outcome, setOutcome] = useState<AnalysisOutcome | null>(null);
  const [problem, setProblem] = useState<CompanyNameProblem | null>(null);
  const [pendingName, setPendingName] = useState('');
  const inflight = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The result's heading takes focus when it appears (after its code has loaded).
  const resultHeadingRef = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);
  const [searching, setSearching] = useState(false);
  const progress = useProgress(searching);

  useEffect(() => () => inflight.current?.abort(), []);

  const refuse = (reason: CompanyNameProblem) => {
    setOutcome(null);
    setProblem(reason);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searching) return;
    const reason = companyNameProblem(query);
    if (reason) return refuse(reason);
    setProblem(null);
    void loadResult();
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    const companyName = cleanCompanyName(query);
    setPendingName(companyName);
    setSearching(true);
    const analysis = loadAnalysis();
    void (async () => {
      try {
        const { analyzeCompany } = await analysis;
        const response = await analyzeCompany({ companyName: query, language: currentLanguage(), signal: controller.signal });
        if (controller.signal.aborted) return;
        setSearching(false);
        setOutcome({ ...response, companyName });
        if (response.searchLogFailed) notify('warning', t('errors.searchLogTitle'), t('errors.searchLogBody'));
      } catch (error) {
        if (controller.signal.aborted) return;
        setSearching(false);
        setOutcome(null);
        // The module's own message, unless loading the module is what failed.
        const reason = await analysis.then(
          ({ analysisFailure }) => analysisFailure(t, error),
          () => t('errors.analysisBody'),
        );
        notify('error', t('errors.analysisTitle'), reason);
      }
    })();
  };

  // With an empty field the Analyze button is disabled, so Enter would do nothing: say why instead.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !searching && !query.trim()) {
      event.preventDefault();
      refuse('required');
    }
  };

  const reset = () => {
    inflight.current?.abort();
    inflight.current = null;
    setSearching(false);
    setQuery('');
    setOutcome(null);
    setProblem(null);
    inputRef.current?.focus();
  };

  const canSubmit = query.trim().length > 0 && !searching;
  const step = progress < 30 ? 'reading' : progress < 65 ? 'matching' : 'writing';

  return (
    <section id="analysis" aria-labelledby={ids.title} className="scroll-mt-20 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-3xl">
          <h2 id={ids.title} className="text-3xl font-bold tracking-tight text-slate-900">
            {t('title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('subtitle')}</p>
        </div>

        <form onSubmit={submit} noValidate role="search" aria-label={t('form.label')} className="mt-8 max-w-3xl">
          <label htmlFor={ids.input} className="block text-sm font-semibold text-slate-900">
            {t('form.label')}
          </label>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <input
              ref={inputRef}
              id={ids.input}
              name="companyName"
              type="text"
              autoComplete="organization"
              maxLength={200}
              value={query}
              placeholder={t('form.placeholder')}
              onChange={(event) => {
                setQuery(event.target.value);
                if (problem) setProblem(null);
              }}
              onKeyDown={onKeyDown}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.notice : undefined}
              className={clsx(
                'h-12 w-full min-w-0 rounded-lg border sm:flex-1 bg-white px-4 text-base text-slate-900 placeholder:text-slate-400',
                problem ? 'border-red-500' : 'border-slate-300',
              )}
            />
            <div className="flex gap-3">
              <button
                type="submit"
                disabled={!canSubmit}
                aria-describedby={searching ? ids.progress : undefined}
                className={clsx(
                  buttonBase,
                  'flex-1 bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600 sm:flex-none',
                )}
              >
                {searching ? (
                  <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
                ) : (
                  <Search className="h-5 w-5" aria-hidden="true" />
                )}
                {searching ? t('form.submitting') : t('form.submit')}
              </button>
              {outcome && (
                <button
                  type="button"
                  onClick={reset}
                  className={clsx(
                    buttonBase,
                    'flex-1 bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100 sm:flex-none',
                  )}
                >
                  <RotateCcw className="h-5 w-5" aria-hidden="true" />
                  {t('form.reset')}
                </button>
              )}
            </div>
          </div>
          {problem && (
            <p id={ids.notice} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {t(`validation.${problem}`)}
            </p>
          )}
        </form>

        <div className="mt-8 max-w-3xl" aria-busy={searching}>
          {searching ? (
            <div className="rounded-xl border border-slate-200 bg-white p-5" data-testid="analysis-progress">
              <p role="status" className="text-sm font-medium text-slate-900">
                {t('progress.status', { company: pendingName })}
              </p>
              <div
                id={ids.progress}
                role="progressbar"
                aria-label={t('progress.label')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                aria-valuetext={t(`progress.${step}`)}
                className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <p className="mt-2 text-sm text-slate-600">{t(`progress.${step}`)}</p>
            </div>
          ) : outcome ? (
            <Suspense fallback={null}>
              <AnalysisResult outcome={outcome} headingRef={resultHeadingRef} />
            </Suspense>
          ) : problem === 'required' ? (
            <p
              className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-600"
              data-testid="analysis-no-company"
            >
              {t('noCompany')}
            </p>
          ) : null}
        </div>

        <BenefitCards recommended={outcome?.recommendedCards ?? []} />
      </div>
    </section>
  );
}
