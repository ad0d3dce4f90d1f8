import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendPoint } from '@nexa/domain';
import { LineChart } from '../../../components/charts/line-chart.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatCompactMoney, formatMoney, formatNumber, formatPercent, formatScore } from '../../../lib/format.ts';
import { formatDay } from '../format-day.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useTrends } from '../api/trends.ts';
import { InsightLinks } from '../components/insight-links.tsx';
import { RepresentativeFilter } from '../components/representative-filter.tsx';

type Series = Exclude<keyof TrendPoint, 'week'>;

const SERIES: Array<{ key: Series; format: (v: number) => string; axis?: (v: number) => string }> = [
  { key: 'pipelineCreated', format: (v) => formatMoney(v), axis: formatCompactMoney },
  { key: 'wonAmount', format: (v) => formatMoney(v), axis: formatCompactMoney },
  { key: 'winRate', format: (v) => formatPercent(v) },
  { key: 'averageCycle', format: (v) => formatNumber(v) },
  { key: 'technicalScore', format: (v) => formatScore(v) },
  { key: 'commercialScore', format: (v) => formatScore(v) },
];

/** 13 weekly points per series, team-wide or for one representative: a small chart and its numbers. */
export function TrendsPage() {
  const { t } = useTranslation('insights');
  usePageMeta(t('trends.metaTitle'));
  const [representative, setRepresentative] = useState<string | undefined>();
  const trends = useTrends(representative);
  const points = trends.data?.points ?? [];
  const shortDate = (week: string) => formatDay(week, { day: 'numeric', month: 'short' });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('trends.title')}</h1>
        <p className="mt-1 text-slate-600">{t('trends.subtitle')}</p>
      </header>
      <InsightLinks />
      <RepresentativeFilter
        value={representative}
        onChange={setRepresentative}
        label={t('trends.filter')}
        allLabel={t('trends.team')}
      />
      {trends.isPending && <LoadingState>{t('trends.loading')}</LoadingState>}
      {trends.isError && <ErrorState>{t('trends.error', { message: t(errorKey(trends.error)) })}</ErrorState>}
      {trends.data && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {SERIES.map(({ key, format, axis }) => {
            const latest = points.at(-1)?.[key] ?? null;
            return (
              <Card padded key={key} data-testid={`trend-${key}`}>
                <h2 className="text-sm font-semibold text-slate-700">{t(`trends.series.${key}`)}</h2>
                <p className="mt-1 text-xl font-bold tabular-nums">
                  {t('trends.latest', { value: latest === null ? t('trends.noValue') : format(latest) })}
                </p>
                <div className="mt-2">
                  <LineChart
                    points={points.map((p) => ({ label: shortDate(p.week), value: p[key] }))}
                    height={112}
                    format={axis ?? format}
                  />
                </div>
                {/* A table is not clipped by sr-only itself: its wrapper is. */}
                <div className="sr-only">
                  <table>
                    <caption>{t('trends.tableCaption', { series: t(`trends.series.${key}`) })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('trends.week')}</th>
                        <th scope="col">{t(`trends.series.${key}`)}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {points.map((p) => (
                        <tr key={p.week}>
                          <th scope="row">{formatDay(p.week)}</th>
                          <td>{p[key] === null ? t('trends.noValue') : format(p[key])}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}
