import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { forecastFigures } from '../../../lib/forecast-figures.ts';
import { useOwnForecastCall, useSubmitForecastCall } from '../api/forecast-call.ts';

/** The call's first field: the dashboard's reminder takes the representative there. */
export const FORECAST_CALL_COMMIT_ID = 'forecast-call-commit';

/**
 * This week's forecast call (issue 38): commit and best case for the quarter with a note, the form
 * starting from what the deals' categories propose; the manager sees it beside the system's figures.
 */
export function ForecastCallCard() {
  const call = useOwnForecastCall();
  if (!call.data) return null;
  return <ForecastCallForm key={`${call.data.week}-${call.data.current?.submittedAt ?? ''}`} data={call.data} />;
}

function ForecastCallForm({ data }: { data: NonNullable<ReturnType<typeof useOwnForecastCall>['data']> }) {
  const { t } = useTranslation('pipeline');
  const start = data.current ?? data.proposed;
  const [commit, setCommit] = useState(String(start.commit));
  const [bestCase, setBestCase] = useState(String(start.bestCase));
  const [note, setNote] = useState(data.current?.note ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = useSubmitForecastCall();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const figures = forecastFigures(commit, bestCase);
    setInvalid(!figures);
    if (!figures) return;
    submit.mutate(
      { ...figures, note },
      { onSuccess: () => toast.success(t('forecastCall.saved')), onError: (error) => toast.error(t(errorKey(error))) },
    );
  };

  const field =
    'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm tabular-nums focus:border-brand-600';
  return (
    <Card padded data-testid="forecast-call">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('forecastCall.title', { quarter: data.quarter.label })}</h2>
        <p className="text-sm text-slate-600" data-testid="forecast-call-status">
          {data.current
            ? t('forecastCall.submitted', { date: formatDateTime(data.current.submittedAt) })
            : t('forecastCall.notSubmitted')}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="forecast-call-proposed">
        {t('forecastCall.proposed', { commit: formatMoney(data.proposed.commit), bestCase: formatMoney(data.proposed.bestCase) })}
      </p>
      {data.current?.adjusted && (
        <p className="mt-1 text-sm font-medium text-amber-800" data-testid="forecast-call-adjusted">
          {t('forecastCall.adjusted', {
            commit: formatMoney(data.current.adjusted.commit),
            bestCase: formatMoney(data.current.adjusted.bestCase),
          })}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <label className="text-sm font-medium text-slate-700">
          {t('forecastCall.commit')}
          <input
            id={FORECAST_CALL_COMMIT_ID}
            className={`mt-1 ${field}`}
            inputMode="numeric"
            value={commit}
            onChange={(e) => setCommit(e.target.value)}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('forecastCall.bestCase')}
          <input className={`mt-1 ${field}`} inputMode="numeric" value={bestCase} onChange={(e) => setBestCase(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('forecastCall.note')}
          <input className={`mt-1 ${field}`} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </label>
        <Button type="submit" disabled={submit.isPending}>
          {t('forecastCall.submit')}
        </Button>
      </form>
      {invalid && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('forecastCall.invalid')}
        </p>
      )}
    </Card>
  );
}
