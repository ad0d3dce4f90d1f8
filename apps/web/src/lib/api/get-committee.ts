import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Committee } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A deal's buying committee (its contacts and their roles). Shared: the contacts feature edits it,
 * and the deal view's qualification boxes (economic buyer, champion) name who holds those roles.
 */
export const getCommittee = (id: number, signal?: AbortSignal) =>
  api.get<Committee>(`/api/opportunities/${id}/committee`, { signal });

export const committeeQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.opportunities.committee(id), queryFn: ({ signal }) => getCommittee(id, signal) });

export const useCommittee = (id: number, enabled = true) => useQuery({ ...committeeQueryOptions(id), enabled });

/** The members holding a role, by name. */
export const holdersOf = (committee: Committee | undefined, role: string) =>
  (committee?.members ?? []).filter((m) => (m.roles as readonly string[]).includes(role)).map((m) => m.contact);
