import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatWeekday } from '../../../lib/format.ts';
import { useForecastCallReminder } from '../api/forecast-call.ts';
import { FORECAST_CALL_COMMIT_ID } from './forecast-call-card.tsx';

/**
 * The reminder of this week's forecast call (issue 38), at the top of the representative's dashboard:
 * shown while the server says the call is due and not made, gone once it is. Its button takes the
 * representative to the call's first field, further down the page.
 */
export function ForecastCallReminder() {
  const { t } = useTranslation('pipeline');
  const reminder = useForecastCallReminder();
  if (!reminder.data?.remind) return null;
  const goToCall = () => {
    const commit = document.getElementById(FORECAST_CALL_COMMIT_ID);
    commit?.scrollIntoView({ block: 'center' });
    commit?.focus({ preventScroll: true });
  };
  return (
    <section
      aria-labelledby="forecast-call-reminder-title"
      data-testid="forecast-call-reminder"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <h2 id="forecast-call-reminder-title" className="font-semibold text-amber-950">
            {t('forecastCall.reminder.title')}
          </h2>
          <p className="mt-0.5 text-sm text-amber-900">
            {t('forecastCall.reminder.body', { day: formatWeekday(reminder.data.dueDay) })}
          </p>
        </div>
      </div>
      <Button className="shrink-0 self-start sm:self-auto" onClick={goToCall}>
        {t('forecastCall.reminder.action')}
      </Button>
    </section>
  );
}
