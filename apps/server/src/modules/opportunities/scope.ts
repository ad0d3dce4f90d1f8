import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { opportunities } from '../../db/schema.ts';

/**
 * A representative reads only the rows they own; a manager reads every row.
 * Every opportunity query starts from this condition, so no filter can widen it. A prepared
 * query passes a placeholder for the owner and binds actor.userId to it on each call. A read of
 * what stands for deals (an archived deal, a kept total) names its owner column, and the same
 * rule holds there.
 */
export function visibleTo(
  actor: Actor,
  owner: string | Placeholder | SQL = actor.userId,
  ownerColumn: PgColumn = opportunities.owner_id,
): SQL | undefined {
  if (actor.role === ROLES.manager) return undefined;
  return eq(ownerColumn, owner);
}

/**
 * The same rule for a raw SQL statement that reads deals as `alias` (`o` by default): a condition to
 * AND in, TRUE for a manager.
 */
export function visibleDealAs(actor: Actor, alias = 'o'): SQL {
  return actor.role === ROLES.manager ? sql`TRUE` : sql`${sql.raw(alias)}.owner_id = ${actor.userId}`;
}
