import { BUYING_ROLES, contactCreateSchema, type BuyingRole, type Contact } from '@nexa/domain';

/**
 * The contacts pages' own rules, apart from their components so they are tested alone: how a talk
 * time reads, what a contact form sends, and which roles a person ticked.
 */

/** Seconds as m:ss (or h:mm:ss past an hour); null when the call had no timestamps. */
export function talkTime(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface ContactDraft {
  full_name: string;
  title: string;
  email: string;
  phone: string;
  language: '' | 'en' | 'fr';
  time_zone: string;
}

export const emptyDraft: ContactDraft = { full_name: '', title: '', email: '', phone: '', language: '', time_zone: '' };

export const draftOf = (c: Contact): ContactDraft => ({
  full_name: c.full_name,
  title: c.title ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  language: c.language ?? '',
  time_zone: c.time_zone ?? '',
});

/**
 * The form as the API takes it, checked by the server's own schema: empty texts are none, the
 * e-mail lower case. `error` names what to fix: the name (required) or the rest (invalid).
 */
export function draftToInput(draft: ContactDraft) {
  if (!draft.full_name.trim()) return { ok: false as const, error: 'required' as const };
  const parsed = contactCreateSchema.safeParse({
    full_name: draft.full_name,
    title: draft.title,
    email: draft.email,
    phone: draft.phone,
    language: draft.language || null,
    time_zone: draft.time_zone,
  });
  if (!parsed.success) return { ok: false as const, error: 'invalid' as const };
  return { ok: true as const, value: parsed.data };
}

/** A role ticked or unticked, the list kept in BUYING_ROLES' order. */
export function toggleRole(roles: readonly string[], role: BuyingRole, on: boolean): BuyingRole[] {
  return BUYING_ROLES.filter((r) => (r === role ? on : roles.includes(r)));
}
