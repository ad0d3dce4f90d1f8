import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskView } from '@nexa/domain/tasks';
import type { TaskList, TaskSuggestions, TeamOverdue } from '@nexa/domain/schemas/tasks';
import { api } from '../../../lib/api-client.ts';

/** The task reads (GET /api/tasks…): all the dashboard's card loads on /rep — no mutation code, type imports only, no zod. */

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
