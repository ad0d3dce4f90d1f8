import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

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

/** The key with this hash, unless it is revoked. */
export async function liveKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, lastUsedAt: apiKeys.last_used_at })
    .from(apiKeys)
    .where(and(eq(apiKeys.key_hash, keyHash), isNull(apiKeys.revoked_at)));
  return row;
}

/** Conditional, so concurrent requests of one key still write once a minute. */
export async function noteKeyUsed(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, sql`now() - interval '1 minute'`))));
}
