import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealNote, DealNoteCreate, DealNoteList, MentionablePeople } from '@nexa/domain/schemas/deal-notes';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** A deal's notes and who they may mention (/api/opportunities/:id/notes…, issue 37). */

export const NOTES_PAGE_SIZE = 10;

export const useDealNotes = (id: number, page: number) =>
  useQuery({
    queryKey: queryKeys.opportunities.notesPage(id, page),
    queryFn: ({ signal }) =>
      api.get<DealNoteList>(`/api/opportunities/${id}/notes?page=${page}&pageSize=${NOTES_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Fetched when the box is first used, not with the page. */
export const useMentionable = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.opportunities.mentionable(id),
    queryFn: ({ signal }) => api.get<MentionablePeople>(`/api/opportunities/${id}/notes/mentionable`, { signal }),
    enabled,
  });

/** A write to the notes refreshes them and the deal's history (each note is an event there). */
function useNoteWrite<Input, Output>(id: number, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.opportunities.notes(id) }),
        client.invalidateQueries({ queryKey: queryKeys.opportunities.histories(id) }),
      ]);
    },
  });
}

export const useAddNote = (id: number) =>
  useNoteWrite(id, (body: DealNoteCreate) => api.post<DealNote>(`/api/opportunities/${id}/notes`, body));

export const useDeleteNote = (id: number) =>
  useNoteWrite(id, (noteId: number) => api.delete<void>(`/api/opportunities/${id}/notes/${noteId}`));

export const useRestoreNote = (id: number) =>
  useNoteWrite(id, (noteId: number) => api.post<DealNote>(`/api/opportunities/${id}/notes/${noteId}/restore`));
