import { useMutation } from '@tanstack/react-query';
import type { DemoRequestBody, DemoRequestCreated } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

export const createDemoRequest = (input: DemoRequestBody) => api.post<DemoRequestCreated>('/api/leads/demo-requests', input);

export const useCreateDemoRequest = () => useMutation({ mutationFn: createDemoRequest });

export const inviteHref = (id: string) => `/api/leads/demo-requests/${encodeURIComponent(id)}/invite.ics`;
