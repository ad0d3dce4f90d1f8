import { matchAccountManager, type AccountManagerWanted, type OwnerMatch } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { activeRepresentatives } from './queries.ts';

export interface MatchedOwner {
  owner_id: string | null;
  owner_match: OwnerMatch;
}

/**
 * The owner of a row that arrives with an account manager (a name, perhaps an e-mail), decided
 * once when the row arrives, and the rule that decided it. Only active representatives own rows:
 * a name nobody (or several) fits leaves the row unassigned, and the manager sees it under that name.
 */
export async function ownerFor(db: Pick<Db, 'select'>, wanted: AccountManagerWanted): Promise<MatchedOwner> {
  if (!wanted.name?.trim() && !wanted.email?.trim()) return { owner_id: null, owner_match: 'none' };
  const candidates = await activeRepresentatives(db);
  const { ownerId, rule } = matchAccountManager(wanted, candidates);
  return { owner_id: ownerId, owner_match: rule };
}
