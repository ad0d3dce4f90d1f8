import { and, eq } from 'drizzle-orm';
import { matchAccountManager, ROLES, type AccountManagerWanted, type OwnerMatch } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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
  const candidates = await db
    .select({
      id: users.id,
      email: users.email,
      account_manager_name: users.account_manager_name,
      account_manager_aliases: users.account_manager_aliases,
    })
    .from(users)
    .where(and(eq(users.role, ROLES.representative), eq(users.disabled, false)));
  const { ownerId, rule } = matchAccountManager(wanted, candidates);
  return { owner_id: ownerId, owner_match: rule };
}
