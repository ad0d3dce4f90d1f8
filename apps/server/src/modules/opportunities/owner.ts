import { and, eq } from 'drizzle-orm';
import { matchAccountManager, ROLES } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The owner of a row that arrives with an `account_manager` name (DESIGN §4.4), decided once when
 * the row arrives. Only active representatives own rows: a name nobody (or several) fits leaves
 * the row unassigned, and the manager sees it under that name.
 */
export async function ownerFor(db: Pick<Db, 'select'>, accountManager: string | null | undefined): Promise<string | null> {
  if (!accountManager?.trim()) return null;
  const candidates = await db
    .select({ id: users.id, full_name: users.full_name })
    .from(users)
    .where(and(eq(users.role, ROLES.representative), eq(users.disabled, false)));
  return matchAccountManager(accountManager, candidates);
}
