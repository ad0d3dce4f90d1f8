import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamOverview } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getTeam = () => api.get<TeamOverview>('/api/team');

export const teamQueryOptions = () => queryOptions({ queryKey: queryKeys.team.overview(), queryFn: getTeam });

export const useTeam = () => useQuery(teamQueryOptions());
