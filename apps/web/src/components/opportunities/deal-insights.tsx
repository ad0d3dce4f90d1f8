import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FORECAST_CATEGORIES, type ForecastCategory } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { useDealRisks, useSetForecastCategory } from '../../lib/api/deal-insights.ts';
import { Badge } from '../ui/badge.tsx';
import { Select } from '../ui/select.tsx';
import { RiskReason } from './risk-reason.tsx';

/**
 * A deal's risk badge (its warnings behind a disclosure) and its forecast category, for the deal
 * detail header. On its own so the detail pages only place it.
 */
export function DealInsights({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation(['insights', 'common']);
  const risks = useDealRisks(opportunityId);
  const setCategory = useSetForecastCategory(opportunityId);
  const selectId = useId();
  if (!risks.data) return null;
  const { warnings, open, forecast_category, forecast_group } = risks.data;
  const onCategory = (value: string) => {
    const category = value === '' ? null : (value as ForecastCategory);
    setCategory.mutate(category, {
      onSuccess: () => toast.success(t('badge.saved')),
      onError: (error) => toast.error(t('badge.error', { message: t(errorKey(error)) })),
    });
  };
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="deal-insights">
      {open &&
        (warnings.length === 0 ? (
          <Badge tone="green" data-testid="risk-badge">
            {t('badge.none')}
          </Badge>
        ) : (
          <details className="group max-w-xl">
            <summary className="cursor-pointer list-none rounded-full focus-visible:outline-2 focus-visible:outline-brand-600">
              <Badge tone="amber" data-testid="risk-badge">
                {t('badge.some', { count: warnings.length })}
              </Badge>
              <span className="sr-only">{t('badge.details')}</span>
            </summary>
            <ul className="mt-2 space-y-2 rounded-lg border border-amber-200 bg-white p-3 shadow-sm">
              {warnings.map((w) => (
                <RiskReason key={w.code} warning={w} />
              ))}
            </ul>
          </details>
        ))}
      {open && (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            {t('badge.category')}
          </label>
          <Select
            id={selectId}
            value={forecast_category ?? ''}
            disabled={setCategory.isPending}
            onChange={(e) => onCategory(e.target.value)}
            className="h-9"
          >
            <option value="">
              {forecast_category ? t('badge.byStagePlain') : t('badge.byStage', { group: t(`groups.${forecast_group}`) })}
            </option>
            {FORECAST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`groups.${c}`)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
