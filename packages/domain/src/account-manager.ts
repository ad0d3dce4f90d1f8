/**
 * DESIGN §4.4: an incoming row's `account_manager` name is matched to a user once, when the row
 * arrives, with the specification's cascade — exact, case-insensitive, unique first name, unique
 * last name. A step that finds several users is ambiguous and stops the cascade: guessing would
 * hand one representative's deal to another.
 */

export interface AccountManagerCandidate {
  id: string;
  full_name: string;
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

function words(name: string): string[] {
  return fold(name).split(' ').filter(Boolean);
}

/** The id of the user the name designates, or null when none (or several) fit. */
export function matchAccountManager(
  name: string | null | undefined,
  candidates: readonly AccountManagerCandidate[],
): string | null {
  const wanted = name?.trim();
  if (!wanted) return null;
  const folded = fold(wanted);
  const steps: Array<(c: AccountManagerCandidate) => boolean> = [
    (c) => c.full_name.trim() === wanted,
    (c) => fold(c.full_name) === folded,
    // A single word can only be a first or a last name.
    (c) => !folded.includes(' ') && words(c.full_name)[0] === folded,
    (c) => !folded.includes(' ') && words(c.full_name).length > 1 && words(c.full_name).at(-1) === folded,
  ];
  for (const step of steps) {
    const found = candidates.filter(step);
    if (found.length === 1) return found[0]!.id;
    if (found.length > 1) return null;
  }
  return null;
}
