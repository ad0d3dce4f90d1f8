import type { ApiKey } from '@nexa/domain';
import type { Actor, ApiKeyActor, ApiKeyLookup } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import type { apiKeys } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { hashBearerToken, newBearerToken } from '../../secrets/token.ts';
import { allKeys, insertKey, liveKeyByHash, markRevoked, noteKeyUsed } from './queries.ts';

const KEY_PREFIX = 'nexa_';
/** "nexa_" and the first 6 characters of the secret: enough to tell keys apart, useless to guess. */
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;
/** last_used_at is a hint for people, not an audit log: one write a minute per key at most. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toWire(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listKeys(db: Db): Promise<{ items: ApiKey[] }> {
  return { items: (await allKeys(db)).map(toWire) };
}

/** The full key is in this answer only; the database keeps its hash. */
export async function createKey(db: Db, actor: Actor, name: string): Promise<ApiKey & { key: string }> {
  const key = KEY_PREFIX + newBearerToken();
  const row = await insertKey(db, {
    name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    key_hash: hashBearerToken(key),
    created_by: actor.userId,
  });
  return { ...toWire(row), key };
}

/** Revoking twice keeps the first time; the key stays listed. */
export async function revokeKey(db: Db, id: string): Promise<ApiKey> {
  const row = await markRevoked(db, id);
  if (!row) throw notFound('API key');
  return toWire(row);
}

/** Resolves a bearer token to its live key and notes when it was last used. */
export function apiKeyLookup(db: Db): ApiKeyLookup {
  return async (token: string): Promise<ApiKeyActor | null> => {
    if (!token.startsWith(KEY_PREFIX) || token.length > 200) return null;
    const row = await liveKeyByHash(db, hashBearerToken(token));
    if (!row) return null;
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) await noteKeyUsed(db, row.id);
    return { id: row.id, name: row.name };
  };
}
