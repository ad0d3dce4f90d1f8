import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const auditQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teamAdmin.audit(),
    queryFn: () => api.get<{ items: AuditEntry[] }>('/api/team-admin/audit'),
    staleTime: 0,
  });

export const useAudit = () => useQuery(auditQueryOptions());
