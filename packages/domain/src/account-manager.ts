/**
 * An incoming row's representative is matched to a user once, when the row arrives. The cascade:
 * the representative's e-mail when the sender gives one, then the name — exact, case-insensitive,
 * an alias, a unique first name, a unique last name. A step that finds several users is ambiguous
 * and stops the cascade: guessing would hand one representative's deal to another.
 *
 * Names are matched on what a manager set for the user, never on the display name: every user may
 * rename themself, and a rep who took another rep's name would otherwise capture that rep's deals.
 */

/** How a row got its owner, stored on the row. */
export const OWNER_MATCHES = [
  'email',
  'exact',
  'case-insensitive',
  'alias',
  'first-name',
  'last-name',
  /** The row was created by (or for) the representative who owns it: sample, CSV import, the UI. */
  'manual',
  'none',
] as const;
export type OwnerMatch = (typeof OWNER_MATCHES)[number];

export interface AccountManagerCandidate {
  id: string;
  email: string;
  /** The name a manager set for the user (not the display name the user may change). */
  account_manager_name: string;
  /** Other names a manager listed for the user (a nickname, the spelling of a CRM). */
  account_manager_aliases: readonly string[];
}

export interface AccountManagerWanted {
  name?: string | null;
  email?: string | null;
}

export interface AccountManagerMatch {
  ownerId: string | null;
  rule: OwnerMatch;
}

/** A name as the matching compares it: trimmed, spaces folded, any case. */
export const foldAccountManagerName = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
const fold = foldAccountManagerName;

function words(name: string): string[] {
  return fold(name).split(' ').filter(Boolean);
}

type Step = [Exclude<OwnerMatch, 'manual' | 'none'>, (c: AccountManagerCandidate) => boolean];

function nameSteps(name: string): Step[] {
  const folded = fold(name);
  // A single word can only be a first or a last name.
  const oneWord = !folded.includes(' ');
  return [
    ['exact', (c) => c.account_manager_name.trim() === name],
    ['case-insensitive', (c) => fold(c.account_manager_name) === folded],
    ['alias', (c) => c.account_manager_aliases.some((alias) => fold(alias) === folded)],
    ['first-name', (c) => oneWord && words(c.account_manager_name)[0] === folded],
    ['last-name', (c) => oneWord && words(c.account_manager_name).length > 1 && words(c.account_manager_name).at(-1) === folded],
  ];
}

const NO_MATCH: AccountManagerMatch = { ownerId: null, rule: 'none' };

/** The user the e-mail or name designates, and the rule that found them; rule 'none' when none (or several) fit. */
export function matchAccountManager(
  wanted: AccountManagerWanted,
  candidates: readonly AccountManagerCandidate[],
): AccountManagerMatch {
  const email = wanted.email?.trim().toLowerCase();
  const name = wanted.name?.trim();
  const steps: Step[] = [];
  if (email) steps.push(['email', (c) => c.email.trim().toLowerCase() === email]);
  if (name) steps.push(...nameSteps(name));
  for (const [rule, fits] of steps) {
    const found = candidates.filter(fits);
    if (found.length === 1) return { ownerId: found[0]!.id, rule };
    if (found.length > 1) return NO_MATCH;
  }
  return NO_MATCH;
}
