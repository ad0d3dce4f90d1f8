import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as one bound parameter, for `= ANY(…)`: both drivers take the text form of an array
 * (`{1,2,3}`), so a list of any length is one value, not one placeholder per id.
 */
export const integerArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::integer[]`;

/** The same for uuids (a uuid's text has no comma or brace to quote). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
