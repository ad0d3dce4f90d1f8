import { Database, RefreshCw, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDataActions } from '../hooks/use-data-actions.ts';

export function DataPanel({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation('pipeline');
  const { refresh, refreshing, createSample, creating } = useDataActions();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between sm:pt-5">
        <div className="flex items-start gap-3">
          <Database className="mt-0.5 h-5 w-5 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900">{t('data.title')}</h2>
            <p className="text-sm text-slate-600">{t('data.hint')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden />
            {t('data.refresh')}
          </Button>
          <Button variant="secondary" size="sm" onClick={createSample} disabled={creating}>
            <Database className="h-4 w-4" aria-hidden />
            {t('data.sample')}
          </Button>
          <Button size="sm" onClick={onImport}>
            <Upload className="h-4 w-4" aria-hidden />
            {t('data.importCsv')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
