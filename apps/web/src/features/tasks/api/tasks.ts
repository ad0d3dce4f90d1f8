import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnoozeChoice } from '@nexa/domain/tasks';
import type { Task } from '@nexa/domain/schemas/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-reads.ts';

/** The task pages' writes (POST/PATCH/DELETE /api/tasks…); the reads are in task-reads.ts, which the dashboard's card imports alone. */

export { taskKeys, TASK_PAGE_SIZE, useTaskSuggestions, useTasks, useTeamOverdue } from './task-reads.ts';

/** Every task read is stale after any task write (the lists and their counts move together). */
function useTaskWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export type TaskChange = { title?: string; due_at?: string; snooze?: SnoozeChoice; status?: 'open' | 'done' };

export const useCreateTask = () =>
  useTaskWrite((body: { title: string; due_at: string; opportunity_id?: number | null }) => api.post<Task>('/api/tasks', body));

export const usePatchTask = () =>
  useTaskWrite(({ id, ...change }: TaskChange & { id: number }) => api.patch<Task>(`/api/tasks/${id}`, change));

export const useDeleteTask = () => useTaskWrite((id: number) => api.delete<void>(`/api/tasks/${id}`));

export const useRestoreTask = () => useTaskWrite((id: number) => api.post<Task>(`/api/tasks/${id}/restore`));

export const useAcceptSuggestion = () =>
  useTaskWrite((body: { call_analysis_id: string; step: number; title?: string; due_at?: string }) =>
    api.post<Task>('/api/tasks/suggestions/accept', body),
  );

export const useDismissSuggestion = () =>
  useTaskWrite((body: { call_analysis_id: string; step: number }) => api.post<void>('/api/tasks/suggestions/dismiss', body));
