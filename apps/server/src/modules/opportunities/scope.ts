import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { opportunities } from '../../db/schema.ts';

/**
 * A representative reads only the rows they own; a manager reads every row.
 * Every opportunity query starts from this condition, so no filter can widen it. A prepared
 * query passes a placeholder for the owner and binds actor.userId to it on each call.
 */
export function visibleTo(actor: Actor, owner: string | Placeholder | SQL = actor.userId): SQL | undefined {
  if (actor.role === ROLES.manager) return undefined;
  return eq(opportunities.owner_id, owner);
}
