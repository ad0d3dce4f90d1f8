import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Board, BoardColumn, Stage } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { filtersToSearch, type OpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The list's filters (as in the URL) and, for a manager, one representative. */
export type BoardFilters = Omit<OpportunityFilters, 'sort' | 'page' | 'pageSize'> & {
  client_company_name?: string;
  owner?: string;
};

/** The filters the board sends: those of the list that the URL holds (a page number means nothing here). */
export function boardFilters({
  q,
  product,
  status,
  lead_status,
  client_company_name,
  from,
  to,
  owner,
}: BoardFilters & Record<string, unknown>): BoardFilters {
  return { q, product, status, lead_status, client_company_name, from, to, owner };
}

export const getBoard = (filters: BoardFilters, signal?: AbortSignal) =>
  api.get<Board>(`/api/pipeline/board?${filtersToSearch(filters)}`, { signal });

/** "Show more": a column's next cards, after the `offset` already shown. */
export async function getBoardColumn(filters: BoardFilters, stage: Stage, offset: number): Promise<BoardColumn> {
  const board = await api.get<Board>(`/api/pipeline/board?${filtersToSearch({ ...filters, stage, offset })}`);
  return board.columns[0]!;
}

export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: queryKeys.pipeline.board(filters),
    queryFn: ({ signal }) => getBoard(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 1000,
  });

export const useBoard = (filters: BoardFilters) => useQuery(boardQueryOptions(filters));
