import { eq, type Placeholder, type SQL } from 'drizzle-orm';
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
