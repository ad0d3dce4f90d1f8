import type { Role } from '@nexa/domain';
import type { Language } from '@nexa/domain/language';
import { api } from '../../../lib/api-client.ts';

export interface InvitationPreview {
  email: string;
  role: Role;
  language: Language;
}

/** The token travels in the body: the page read it from the URL fragment, which no server sees. */
export const previewInvitation = (token: string) => api.post<InvitationPreview>('/api/invitations/preview', { token });

export const acceptInvitation = (input: { token: string; full_name: string; password: string }) =>
  api.post<{ role: Role; home: string }>('/api/invitations/accept', input);
