import { createHash } from 'node:crypto';

/**
 * The name a statement is prepared under, on PostgreSQL (db/client.ts) and on PGlite
 * (pglite-prepared.ts): derived from its text, so one text always has one name on a connection.
 */

export const statementName = (text: string) => `nexa_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
