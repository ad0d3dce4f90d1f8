import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useDataActions } from '../hooks/use-data-actions.ts';

/**
 * Shown instead of the data panel when the rep has no opportunity yet: one alert and one set of
 * actions (issue 38: the panel and two alerts showed three sets of Refresh / Import and the same
 * hint twice). Nothing to refresh in an empty workspace, so only the two ways to fill it.
 */
export function EmptyAlerts({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation('pipeline');
  const { createSample, creating } = useDataActions();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
      data-testid="empty-alert"
    >
      <div className="flex items-start gap-2">
        <AlertCircle className="mt-0.5 h-5 w-5 text-amber-600" aria-hidden />
        <div>
          <p className="font-semibold text-amber-900">{t('empty.opportunities')}</p>
          <p className="text-sm text-amber-800">{t('empty.hint')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={createSample} disabled={creating}>
          {t('data.sample')}
        </Button>
        <Button size="sm" onClick={onImport}>
          {t('data.importCsv')}
        </Button>
      </div>
    </div>
  );
}
