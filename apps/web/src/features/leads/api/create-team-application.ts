import { useMutation } from '@tanstack/react-query';
import type { TeamApplicationCreated, TeamApplication } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

export const createTeamApplication = ({ fields, resume }: { fields: TeamApplication; resume: File | null }) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') form.append(key, value);
  // The file goes last so the server has the fields even if it stops reading at the size limit.
  if (resume) form.append('resume', resume, resume.name);
  return api.post<TeamApplicationCreated>('/api/leads/team-applications', form);
};

export const useCreateTeamApplication = () => useMutation({ mutationFn: createTeamApplication });
