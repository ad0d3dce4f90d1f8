import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys, callAnalyses, opportunities, users } from '../../db/schema.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export function allKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
}

export async function insertKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Revoking twice keeps the first time. */
export async function markRevoked(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revoked_at: sql`coalesce(${apiKeys.revoked_at}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/**
 * Revokes every live key a person created, inside the caller's transaction: a deactivated person's,
 * or a former manager's, key must stop writing deals at once (DESIGN.md §4.22).
 */
export async function revokeKeysCreatedBy(db: DbOrTx, userId: string): Promise<Array<{ name: string; prefix: string }>> {
  return db
    .update(apiKeys)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(apiKeys.created_by, userId), isNull(apiKeys.revoked_at)))
    .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
}

/**
 * The key with this hash, unless it is revoked or its creator is no longer an active manager: a
 * deactivation or demotion revokes their keys, and this also stops a key left from before that rule.
 */
export async function liveKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, lastUsedAt: apiKeys.last_used_at })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.key_hash, keyHash),
        isNull(apiKeys.revoked_at),
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${apiKeys.created_by}
          AND (${users.disabled} OR ${users.role} IS DISTINCT FROM ${ROLES.manager}))`,
      ),
    );
  return row;
}

/** Conditional, so concurrent requests of one key still write once a minute. */
export async function noteKeyUsed(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, sql`now() - interval '1 minute'`))));
}

/**
 * A new deal, unless one with its external id exists: its id, or undefined when it was taken. The row
 * comes with its account (ingest.ts resolves it first, so its "created" event shows the account's name).
 */
export async function insertDealUnlessExternalIdTaken(
  tx: DbOrTx,
  row: typeof opportunities.$inferInsert,
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(opportunities)
    .values(row)
    .onConflictDoNothing({ target: opportunities.external_id })
    .returning({ id: opportunities.id });
  return inserted?.id;
}

export async function dealByExternalId(tx: DbOrTx, externalId: string) {
  const [row] = await tx
    .select({ id: opportunities.id, accountManager: opportunities.account_manager })
    .from(opportunities)
    .where(eq(opportunities.external_id, externalId));
  return row;
}

/** The result of the deal's latest analysis, to recognise a repeated one. */
export async function latestAnalysisResult(tx: DbOrTx, opportunityId: number): Promise<unknown> {
  const [latest] = await tx
    .select({ result: callAnalyses.result })
    .from(callAnalyses)
    .where(eq(callAnalyses.opportunity_id, opportunityId))
    .orderBy(desc(callAnalyses.created_at))
    .limit(1);
  return latest?.result ?? null;
}
