import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { mailTo } from './outbox.ts';
import { DEMO, signInAs } from './session.ts';

/**
 * People of a spec's own. A spec that changes data works as users nobody else signs in as, so specs
 * run in parallel (and in any order) without seeing each other's deals, invitations or settings. The
 * server holds the embedded database, so they are made the way a team grows: the demo manager
 * invites them, and they accept the e-mailed link through the API.
 */

export type E2eRole = 'rep' | 'manager';
export interface E2eUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: E2eRole;
}

const ROLE_NAMES: Record<E2eRole, string> = { rep: 'Sales Representative', manager: 'Sales Manager' };
const HEADERS = { origin: baseURL };

/** An e-mail address no other test, worker or run uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@e2e.test`.toLowerCase();
}

/** A request context of its own (its cookies stay out of the test's pages), signed in as `email`. */
export async function apiAs(email: string, password?: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post('/api/auth/sign-in/email', { data: { email, password }, headers: HEADERS });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
  return api;
}

/** The link to `/<page>#token=…` e-mailed to `email` at or after `since`, once the mail is in the run's outbox. */
export async function mailedLink(email: string, page: 'invite' | 'reset-password', since = new Date(0)): Promise<string> {
  const pattern = new RegExp(`(http://\\S+/${page}#token=\\S+)`);
  const mail = await mailTo(email, (m) => pattern.test(m.text ?? ''), { since });
  return pattern.exec(mail.text ?? '')![1]!;
}

/** The invitation link e-mailed to `email` (at or after `since`). */
export const invitationLink = (email: string, since?: Date): Promise<string> => mailedLink(email, 'invite', since);

/**
 * Sends an invitation as the demo manager (as the team page does), with the name the person's CRM
 * deals carry when given; returns when it is sent.
 */
export async function invite(email: string, role: E2eRole = 'rep', accountManagerName?: string): Promise<Date> {
  const since = new Date();
  const manager = await apiAs(DEMO.manager, 'nexa-demo-2026');
  try {
    const response = await manager.post('/api/team-admin/invitations', {
      data: { email, role: ROLE_NAMES[role], language: 'en', account_manager_name: accountManagerName },
      headers: HEADERS,
    });
    if (response.status() !== 201)
      throw new Error(`invitation of ${email} failed: ${response.status()} ${await response.text()}`);
  } finally {
    await manager.dispose();
  }
  return since;
}

/**
 * A new person on the demo team with a unique e-mail, invited by the demo manager and joined with a
 * password; returned signed out (sign a page in with `signInAsUser`).
 */
export async function createUser(
  options: { role?: E2eRole; name?: string; emailPrefix?: string; language?: 'en' | 'fr' } = {},
): Promise<E2eUser> {
  const role = options.role ?? 'rep';
  const email = uniqueEmail(options.emailPrefix ?? `e2e-${role}`);
  // "Test …" sorts after the demo team's names, so lists ordered by name still open on the demo people.
  const name =
    options.name ?? `Test ${role === 'rep' ? 'Rep' : 'Manager'} ${email.slice(email.lastIndexOf('-') + 1, email.indexOf('@'))}`;
  const password = `pw-${randomUUID()}`;

  // Only a manager sets the name CRM deals are matched on: a generated name is unique, so it is that
  // name too; a spec's own name may be taken by the other project's run, so it gets none.
  const since = await invite(email, role, options.name ? undefined : name);
  const token = new URL(await invitationLink(email, since)).hash.replace(/^#token=/, '');
  const joined = await playwrightRequest.newContext({ baseURL });
  try {
    const accepted = await joined.post('/api/invitations/accept', {
      data: { token: decodeURIComponent(token), full_name: name, password },
      headers: HEADERS,
    });
    if (!accepted.ok())
      throw new Error(`accepting the invitation of ${email} failed: ${accepted.status()} ${await accepted.text()}`);
    // The invitation sets the invitee's language; like the demo people, this one follows the
    // browser's (a spec picks French with its locale), unless the spec asks for one.
    const me = await joined.patch('/api/me', { data: { language: options.language ?? null }, headers: HEADERS });
    if (!me.ok()) throw new Error(`profile of ${email} failed: ${me.status()} ${await me.text()}`);
    const { id } = (await me.json()) as { id: string };
    return { id, email, password, name, role };
  } finally {
    await joined.dispose();
  }
}

/** Signs the page's browser context in as `user` (through the API, no UI). */
export async function signInAsUser(page: Page, user: E2eUser): Promise<void> {
  await signInAs(page, user.email, user.password);
}

/** Gives a representative the product's sample deals (10 rows, with upcoming meetings); returns how many. */
export async function giveSampleDeals(user: E2eUser): Promise<number> {
  const api = await apiAs(user.email, user.password);
  try {
    const response = await api.post('/api/opportunities/sample', { headers: HEADERS });
    if (response.status() !== 201) throw new Error(`sample deals for ${user.email} failed: ${response.status()}`);
    return ((await response.json()) as { inserted: number }).inserted;
  } finally {
    await api.dispose();
  }
}

/** Deals `user` creates, as the New opportunity dialog does (one session for all); their ids, in order. */
export async function createDeals(user: E2eUser, deals: Array<Record<string, unknown>>): Promise<number[]> {
  const api = await apiAs(user.email, user.password);
  try {
    const ids: number[] = [];
    for (const deal of deals) {
      const created = await api.post('/api/opportunities', { data: deal, headers: HEADERS });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as { id: number }).id);
    }
    return ids;
  } finally {
    await api.dispose();
  }
}

/** One deal `user` creates; its id. */
export async function createDeal(user: E2eUser, deal: Record<string, unknown>): Promise<number> {
  const [id] = await createDeals(user, [deal]);
  return id!;
}

/** Imports CSV-mapped rows (field → text) as `user`, as the import page sends them. */
export async function importDeals(user: E2eUser, rows: Record<string, string>[]): Promise<{ inserted: number }> {
  const api = await apiAs(user.email, user.password);
  try {
    const response = await api.post('/api/opportunities/import', { data: { rows }, headers: HEADERS });
    if (!response.ok()) throw new Error(`import for ${user.email} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { inserted: number };
  } finally {
    await api.dispose();
  }
}
