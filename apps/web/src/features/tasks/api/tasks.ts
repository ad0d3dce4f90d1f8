import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SnoozeChoice, TaskView } from '@nexa/domain/tasks';
import type { Task, TaskList, TaskSuggestions, TeamOverdue } from '@nexa/domain/schemas/tasks';
import { api } from '../../../lib/api-client.ts';

/** Calls of the task pages and the dashboard's card (GET/POST/PATCH/DELETE /api/tasks…). Type imports only: no zod here. */

export const taskKeys = {
  all: ['tasks'] as const,
  list: (view: TaskView, page: number, pageSize: number) => ['tasks', 'list', view, page, pageSize] as const,
  suggestions: () => ['tasks', 'suggestions'] as const,
  teamOverdue: (page: number) => ['tasks', 'team-overdue', page] as const,
};

export const TASK_PAGE_SIZE = 50;

export const useTasks = (view: TaskView, page = 1, pageSize = TASK_PAGE_SIZE) =>
  useQuery({
    queryKey: taskKeys.list(view, page, pageSize),
    queryFn: ({ signal }) => api.get<TaskList>(`/api/tasks?view=${view}&page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useTaskSuggestions = () =>
  useQuery({
    queryKey: taskKeys.suggestions(),
    queryFn: ({ signal }) => api.get<TaskSuggestions>('/api/tasks/suggestions', { signal }),
    staleTime: 30_000,
  });

export const useTeamOverdue = (page: number) =>
  useQuery({
    queryKey: taskKeys.teamOverdue(page),
    queryFn: ({ signal }) => api.get<TeamOverdue>(`/api/team/tasks/overdue?page=${page}&pageSize=${TASK_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });

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
