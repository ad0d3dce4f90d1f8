import { Settings2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FORECAST_FIGURES, type ForecastFiguresWire, type ForecastFigure } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatDay } from '../format-day.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useForecast, type FigureSelection, type QuarterKey } from '../api/forecast.ts';
import { ForecastChangesPanel } from '../components/forecast-changes.tsx';
import { FigureDeals } from '../components/figure-deals.tsx';
import { ForecastCalls } from '../components/forecast-calls.tsx';
import { InsightLinks } from '../components/insight-links.tsx';

const COLUMNS = [...FORECAST_FIGURES, 'quota', 'gap'] as const;

/** The manager's forecast: per representative and for the team, each figure opening its deals. */
export function ForecastPage() {
  const { t } = useTranslation('insights');
  usePageMeta(t('forecast.metaTitle'));
  const [quarter, setQuarter] = useState<QuarterKey>('current');
  const [selection, setSelection] = useState<(FigureSelection & { name: string }) | null>(null);
  const [showChanges, setShowChanges] = useState(false);
  const forecast = useForecast(quarter);
  const dealsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (selection) dealsHeading.current?.focus();
  }, [selection?.figure, selection?.representative, selection?.quarter]); // eslint-disable-line react-hooks/exhaustive-deps

  const figureCell = (figures: ForecastFiguresWire, column: (typeof COLUMNS)[number], id: string | undefined, name: string) => {
    const value = formatMoney(figures[column]);
    if (column === 'quota' || column === 'gap') return value;
    const figure = column as ForecastFigure;
    const active = selection?.figure === figure && selection.representative === id;
    return (
      <button
        type="button"
        className={`rounded px-1 font-medium tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 ${active ? 'bg-brand-50 text-brand-800' : 'text-brand-700'}`}
        aria-label={t('forecast.openFigure', { figure: t(`figures.${figure}`), name, value })}
        aria-pressed={active}
        data-testid={`figure-${figure}-${id ?? 'team'}`}
        onClick={() => setSelection({ quarter, figure, representative: id, page: 1, name })}
      >
        {value}
      </button>
    );
  };

  const data = forecast.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('forecast.title')}</h1>
          {data && (
            <p className="mt-1 max-w-3xl text-slate-600">
              {t('forecast.subtitle', {
                quarter: data.quarter.label,
                start: formatDay(data.quarter.start),
                end: formatDay(data.quarter.end),
              })}
            </p>
          )}
        </div>
        <Link
          to={paths.manager.forecastSettings.getHref()}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Settings2 className="h-4 w-4" aria-hidden />
          {t('links.settings')}
        </Link>
      </header>
      <InsightLinks />

      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label={t('quarter.label')} className="inline-flex rounded-lg border border-slate-300 p-0.5">
          {(['current', 'next'] as const).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={quarter === key}
              onClick={() => {
                setQuarter(key);
                setSelection(null);
              }}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${quarter === key ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {t(`quarter.${key}`)}
            </button>
          ))}
        </div>
        <Button
          variant="secondary"
          aria-expanded={showChanges}
          onClick={() => setShowChanges((v) => !v)}
          data-testid="show-changes"
        >
          {showChanges ? t('changes.hide') : t('changes.show')}
        </Button>
      </div>

      {showChanges && <ForecastChangesPanel />}

      {forecast.isPending && <LoadingState>{t('forecast.loading')}</LoadingState>}
      {forecast.isError && <ErrorState>{t('forecast.error', { message: t(errorKey(forecast.error)) })}</ErrorState>}
      {data && (
        <Card padded>
          <Table data-testid="forecast-table">
            <caption className="sr-only">{t('forecast.caption', { quarter: data.quarter.label })}</caption>
            <thead>
              <tr>
                <Th className="sticky left-0 z-10 bg-white">{t('forecast.representative')}</Th>
                {COLUMNS.map((c) => (
                  <Th key={c} className="text-right">
                    {t(`figures.${c}`)}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.representatives.map((rep) => {
                const name = rep.id === null ? t('forecast.unassigned') : rep.full_name;
                return (
                  <tr key={rep.id ?? 'unassigned'}>
                    <Th
                      scope="row"
                      className="sticky left-0 z-10 bg-white text-sm font-medium tracking-normal text-slate-900 normal-case"
                    >
                      {rep.id === null ? (
                        name
                      ) : (
                        <Link to={paths.manager.representative.getHref(rep.id)} className="hover:underline">
                          {name}
                        </Link>
                      )}
                    </Th>
                    {COLUMNS.map((c) => (
                      <Td key={c} className="text-right whitespace-nowrap tabular-nums">
                        {figureCell(rep.figures, c, rep.id ?? 'unassigned', name)}
                      </Td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="bg-slate-50 font-semibold">
                <Th scope="row" className="sticky left-0 z-10 bg-slate-50 text-sm tracking-normal text-slate-900 normal-case">
                  {t('forecast.team')}
                </Th>
                {COLUMNS.map((c) => (
                  <Td key={c} className="text-right whitespace-nowrap tabular-nums">
                    {figureCell(data.team, c, undefined, t('forecast.team'))}
                  </Td>
                ))}
              </tr>
            </tfoot>
          </Table>
          {/* The team's gap both ways (issue 38): the team's own, where one representative's excess
              covers another's shortfall, and the sum of what the short ones are missing. */}
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="team-gap-readings">
            <div className="flex items-center gap-1">
              {/* Inline, so the button follows the label's last word when the label wraps on a phone. */}
              <dt className="text-slate-600">
                {t('forecast.teamGap')} <MetricHelp metric="gap-to-quota" className="align-middle" />
              </dt>
              <dd className="font-semibold tabular-nums" data-testid="team-gap">
                {formatMoney(data.team.gap)}
              </dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="text-slate-600">{t('forecast.shortfall')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="team-shortfall">
                {formatMoney(data.shortfall)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-600">{t('forecast.help')}</p>
        </Card>
      )}

      {quarter === 'current' && <ForecastCalls />}

      {selection && (
        <FigureDeals
          selection={selection}
          headingRef={dealsHeading}
          onPage={(page) => setSelection({ ...selection, page })}
          onClose={() => setSelection(null)}
        />
      )}
    </div>
  );
}
