import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Forecast, ForecastChanges, ForecastDeals, ForecastFigure } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type QuarterKey = 'current' | 'next';

export const getForecast = (quarter: QuarterKey) => api.get<Forecast>(`/api/insights/forecast?quarter=${quarter}`);

export const useForecast = (quarter: QuarterKey) =>
  useQuery({
    queryKey: queryKeys.insights.forecast(quarter),
    queryFn: () => getForecast(quarter),
    placeholderData: keepPreviousData,
  });

export interface FigureSelection {
  quarter: QuarterKey;
  figure: ForecastFigure;
  /** A representative's id, "unassigned", or undefined for the team. */
  representative?: string;
  page: number;
}

export const getForecastDeals = ({ quarter, figure, representative, page }: FigureSelection) => {
  const params = new URLSearchParams({ quarter, figure, page: String(page), pageSize: '25' });
  if (representative) params.set('representative', representative);
  return api.get<ForecastDeals>(`/api/insights/forecast/deals?${params}`);
};

export const useForecastDeals = (selection: FigureSelection | null) =>
  useQuery({
    queryKey: queryKeys.insights.forecastDeals(selection ?? {}),
    queryFn: () => getForecastDeals(selection!),
    enabled: selection !== null,
    placeholderData: keepPreviousData,
  });

export const getForecastChanges = () => api.get<ForecastChanges>('/api/insights/forecast/changes');

export const useForecastChanges = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.insights.changes(), queryFn: getForecastChanges, enabled });
