import { createHash } from 'node:crypto';

/**
 * The name a statement is prepared under, on PostgreSQL (client.ts) and on PGlite
 * (pglite-prepared.ts): derived from its text, so one text always has one name on a connection.
 * Values stay parameters, so the texts are the code's own; past MAX_NAMED_STATEMENTS a
 * process sends new texts unnamed, so a stream of one-off texts cannot grow it.
 */
export const MAX_NAMED_STATEMENTS = 2_000;

export const statementName = (text: string) => `nexa_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
