import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets a caller hands back to us and that we never need to read (an API key, a calendar feed
 * address): 256 random bits, kept only as their SHA-256. For a random secret that is enough
 * (docs/decisions/008); a slow hash would tax every request that presents one.
 */
export const newBearerToken = () => randomBytes(32).toString('base64url');

export const hashBearerToken = (token: string) => createHash('sha256').update(token).digest('hex');
