import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verifications } from '../db/schema.ts';

/** How better-auth names a reset link's row: `reset-password:<token>`, valued with the user's id. */
const RESET_PREFIX = 'reset-password:';

/**
 * Ends a user's reset links. Only the newest link may work: issuing one ends the older ones, and
 * using one, changing the password or disabling the account ends them all — so a link that leaked
 * from an old e-mail is worthless once anything happened to the account.
 */
export async function revokeResetLinks(db: Db, userId: string, { except }: { except?: string } = {}): Promise<void> {
  const mine = and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`));
  await db.delete(verifications).where(except ? and(mine, ne(verifications.identifier, `${RESET_PREFIX}${except}`)) : mine);
}
