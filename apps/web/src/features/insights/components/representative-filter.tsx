import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select.tsx';
import { useForecast } from '../api/forecast.ts';

/** Whole team or one representative (the forecast already lists them, so no second request). */
export function RepresentativeFilter({
  value,
  onChange,
  label,
  allLabel,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  label: string;
  allLabel: string;
}) {
  const { t } = useTranslation('insights');
  const id = useId();
  const forecast = useForecast('current');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {forecast.data?.representatives.map((rep) => (
          <option key={rep.id ?? 'unassigned'} value={rep.id ?? 'unassigned'}>
            {rep.id === null ? t('forecast.unassigned') : rep.full_name}
          </option>
        ))}
      </Select>
    </div>
  );
}
