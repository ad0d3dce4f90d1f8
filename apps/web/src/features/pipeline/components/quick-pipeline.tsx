import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PipelineStatus, PipelineSummary } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';
import { PipelineChart } from './pipeline-chart.tsx';

const STATUS_STYLE: Record<PipelineStatus, string> = {
  'On-going': 'border-blue-200 bg-blue-50 text-blue-900',
  'Closed-Win': 'border-green-200 bg-green-50 text-green-900',
  'Closed-Lost': 'border-red-200 bg-red-50 text-red-900',
};

/**
 * The three pipeline statuses as filters of the table, and their amounts as a chart. Its show/hide is a
 * button with aria-expanded/aria-controls and the content rendered while open — what Radix's
 * Collapsible did here, without its 4 KB gzip chunk on /rep's first load (e2e/js-budget.spec.ts).
 */
export function QuickPipeline({
  data,
  loading,
  active,
  onSelect,
}: {
  data: PipelineSummary | undefined;
  loading: boolean;
  active: string | undefined;
  onSelect: (status: string | undefined) => void;
}) {
  const { t } = useTranslation(['pipeline', 'opportunities']);
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const labels = Object.fromEntries((data?.totals ?? []).map((s) => [s.status, t(`opportunities:status.${s.status}`)]));
  return (
    <Card data-state={open ? 'open' : 'closed'}>
      <CardHeader className="flex-row items-center justify-between">
        <div className="flex items-center gap-1">
          <CardTitle>{t('quick.title')}</CardTitle>
          <MetricHelp metric="pipeline-totals" />
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('quick.toggle')}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown className={cn('h-5 w-5 transition-transform', !open && '-rotate-90')} aria-hidden />
        </Button>
      </CardHeader>
      {open && (
        <CardContent id={contentId} className="space-y-4">
          {loading || !data ? (
            <p className="text-slate-600" role="status">
              {t('opportunities:detail.loading')}
            </p>
          ) : (
            <>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {data.totals.map((s) => (
                  <button
                    key={s.status}
                    type="button"
                    aria-pressed={active === s.status}
                    aria-label={t('quick.filterBy', { status: labels[s.status] })}
                    data-testid={`pipeline-${s.status}`}
                    onClick={() => onSelect(active === s.status ? undefined : s.status)}
                    className={cn(
                      'rounded-lg border p-4 text-left transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600',
                      STATUS_STYLE[s.status],
                      active === s.status && 'ring-2 ring-brand-600',
                    )}
                  >
                    <span className="block text-sm font-medium">{labels[s.status]}</span>
                    <span className="mt-1 block text-2xl font-bold tabular-nums">{formatMoney(s.amount)}</span>
                    <span className="block text-sm">{t('quick.deals', { count: s.count })}</span>
                  </button>
                ))}
              </div>
              <figure aria-label={t('quick.chart')}>
                <PipelineChart totals={data.totals} labels={labels} />
              </figure>
            </>
          )}
        </CardContent>
      )}
    </Card>
  );
}
