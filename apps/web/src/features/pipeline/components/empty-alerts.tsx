import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useDataActions } from '../hooks/use-data-actions.ts';

/** Shown when the rep has no opportunity yet: what is missing and the two ways to fill it. */
export function EmptyAlerts() {
  const { t } = useTranslation('pipeline');
  const { refresh, refreshing, createSample, creating } = useDataActions();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['opportunities', 'products'] as const).map((what) => (
        <div key={what} role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <div className="flex items-start gap-2">
            <AlertCircle className="mt-0.5 h-5 w-5 text-amber-600" aria-hidden />
            <div>
              <p className="font-semibold text-amber-900">{t(`empty.${what}`)}</p>
              <p className="text-sm text-amber-800">{t('empty.hint')}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
              {t('data.refresh')}
            </Button>
            <Button size="sm" onClick={createSample} disabled={creating}>
              {t('data.sample')}
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}
