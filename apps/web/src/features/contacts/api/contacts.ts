import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Committee, CommitteeAdd, Contact, ContactActivity, ContactPage } from '@nexa/domain';
import { ApiError, api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Contacts and a deal's committee: the calls of the contacts pages and of the deal's committee panel. */

export interface ContactFilters {
  q?: string;
  account?: number;
  page?: number;
}

export const CONTACTS_PAGE_SIZE = 25;

export const getContacts = (filters: ContactFilters, signal?: AbortSignal) => {
  const params = new URLSearchParams({ pageSize: String(CONTACTS_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return api.get<ContactPage>(`/api/contacts?${params}`, { signal });
};

export const useContacts = (filters: ContactFilters, enabled = true) =>
  useQuery({
    queryKey: queryKeys.contacts.list(filters),
    queryFn: ({ signal }) => getContacts(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useContact = (id: number) =>
  useQuery({
    queryKey: queryKeys.contacts.detail(id),
    queryFn: ({ signal }) => api.get<Contact>(`/api/contacts/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useContactActivity = (id: number) =>
  useQuery({
    queryKey: queryKeys.contacts.activity(id),
    queryFn: ({ signal }) => api.get<ContactActivity>(`/api/contacts/${id}/activity`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export type ContactInput = {
  full_name: string;
  email?: string | null;
  phone?: string | null;
  title?: string | null;
  account_id?: number | null;
  language?: 'en' | 'fr' | null;
  time_zone?: string | null;
};

const refreshContacts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all });

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactInput) => api.post<Contact>('/api/contacts', body),
    onSuccess: () => refreshContacts(queryClient),
  });
}

export function usePatchContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ContactInput>) => api.patch<Contact>(`/api/contacts/${id}`, body),
    onSuccess: (contact) => {
      queryClient.setQueryData(queryKeys.contacts.detail(id), contact);
      // A committee shows the contact's name and title.
      return Promise.all([
        refreshContacts(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.all }),
      ]);
    },
  });
}

/** Delete and its undo: the contact leaves (and comes back to) every committee, so deals refresh too. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([refreshContacts(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.all })]);
  const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/contacts/${id}`), onSuccess: refresh });
  const restore = useMutation({
    mutationFn: (id: number) => api.post<Contact>(`/api/contacts/${id}/restore`),
    onSuccess: refresh,
  });
  return { remove, restore };
}

// --- the deal's committee ---

/** The committee a 409 carries: the deal changed since the version the panel saw. */
export function committeeConflict(error: unknown): Committee | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as { current?: Committee } | undefined)?.current ?? null;
}

export type CommitteeWrite =
  | { kind: 'add'; body: CommitteeAdd }
  | { kind: 'roles'; contactId: number; roles: string[]; version: number }
  | { kind: 'remove'; contactId: number; version: number };

export const writeCommittee = (opportunityId: number, write: CommitteeWrite) => {
  const base = `/api/opportunities/${opportunityId}/committee`;
  if (write.kind === 'add') return api.post<Committee>(base, write.body);
  if (write.kind === 'roles') {
    return apiRequest<Committee>(`${base}/${write.contactId}`, {
      method: 'PUT',
      body: { roles: write.roles, version: write.version },
    });
  }
  return apiRequest<Committee>(`${base}/${write.contactId}?version=${write.version}`, { method: 'DELETE' });
};

/**
 * One change to the committee. It is a change of the deal (its version moves, its history and risks
 * change): the whole deal is read again afterwards, so the next field edit names the new version.
 */
export function useCommitteeWrite(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: CommitteeWrite) => writeCommittee(opportunityId, write),
    onSuccess: (committee) => {
      queryClient.setQueryData(queryKeys.opportunities.committee(opportunityId), committee);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.detail(opportunityId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.insights.all }),
        refreshContacts(queryClient),
      ]);
    },
    onError: (error) => {
      const current = committeeConflict(error);
      if (current) queryClient.setQueryData(queryKeys.opportunities.committee(opportunityId), current);
    },
  });
}
