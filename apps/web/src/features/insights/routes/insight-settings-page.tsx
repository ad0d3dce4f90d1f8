import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { STAGES, insightSettingsSchema, type InsightSettings } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatWeekday } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useInsightSettings, useUpdateInsightSettings } from '../api/settings.ts';
import { InsightLinks } from '../components/insight-links.tsx';

type Draft = Record<string, string>;

/** ISO weekdays, Monday first, as the week the forecast calls are kept by. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const toDraft = (s: InsightSettings): Draft => ({
  ...Object.fromEntries(STAGES.map((stage) => [stage, String(s.stageProbabilities[stage])])),
  noActivityDays: String(s.riskThresholds.noActivityDays),
  stuckInStageDays: String(s.riskThresholds.stuckInStageDays),
  championSilentCalls: String(s.riskThresholds.championSilentCalls),
  forecastCallDueDay: String(s.forecastCallDueDay),
});

/** Team-wide stage probabilities, risk thresholds and the forecast calls' due day (managers). */
export function InsightSettingsPage() {
  const { t } = useTranslation('insights');
  usePageMeta(t('settings.metaTitle'));
  const settings = useInsightSettings();
  const save = useUpdateInsightSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (settings.data && draft === null) setDraft(toDraft(settings.data));
  }, [settings.data, draft]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const parsed = insightSettingsSchema.safeParse({
      stageProbabilities: Object.fromEntries(STAGES.map((stage) => [stage, Number(draft[stage])])),
      riskThresholds: {
        noActivityDays: Number(draft.noActivityDays),
        stuckInStageDays: Number(draft.stuckInStageDays),
        championSilentCalls: Number(draft.championSilentCalls),
      },
      forecastCallDueDay: Number(draft.forecastCallDueDay),
    });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast.success(t('settings.saved'));
      },
      onError: (error) => toast.error(t('settings.error', { message: t(errorKey(error)) })),
    });
  };

  const field = (name: string, label: string, max: number, min = 0) => (
    <TextField
      key={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      required
      markRequired={false}
      value={draft?.[name] ?? ''}
      onChange={(e) => setDraft((d) => ({ ...d!, [name]: e.target.value }))}
      name={name}
    />
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600">{t('settings.subtitle')}</p>
      </header>
      <InsightLinks />
      {settings.isPending && <LoadingState>{t('forecast.loading')}</LoadingState>}
      {settings.isError && <ErrorState>{t('settings.error', { message: t(errorKey(settings.error)) })}</ErrorState>}
      {draft && (
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <Card padded>
            <fieldset>
              <legend className="text-lg font-semibold">{t('settings.probabilities')}</legend>
              <div className="mt-3 grid gap-4 sm:grid-cols-3">
                {STAGES.map((stage) => field(stage, t(`stages.${stage}`), 100))}
              </div>
            </fieldset>
          </Card>
          <Card padded>
            <fieldset>
              <legend className="text-lg font-semibold">{t('settings.thresholds')}</legend>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {field('noActivityDays', t('settings.noActivityDays'), 365, 1)}
                {field('stuckInStageDays', t('settings.stuckInStageDays'), 730, 1)}
                {field('championSilentCalls', t('settings.championSilentCalls'), 10, 1)}
              </div>
            </fieldset>
          </Card>
          <Card padded>
            <fieldset>
              <legend className="text-lg font-semibold">{t('settings.forecastCalls')}</legend>
              <div className="mt-3">
                {/* The select as narrow as a weekday; its hint as wide as the card. */}
                <SelectField
                  className="sm:max-w-xs"
                  label={t('settings.forecastCallDueDay')}
                  hint={t('settings.forecastCallDueDayHint')}
                  name="forecastCallDueDay"
                  value={draft.forecastCallDueDay}
                  onChange={(e) => setDraft((d) => ({ ...d!, forecastCallDueDay: e.target.value }))}
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {formatWeekday(day)}
                    </option>
                  ))}
                </SelectField>
              </div>
            </fieldset>
          </Card>
          {invalid && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {t('settings.invalid')}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </form>
      )}
    </div>
  );
}
