import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ROLES, type Role } from '@nexa/domain';
import { PASSWORD_MAX, PASSWORD_MIN, type Auth } from '../../auth/auth.ts';
import { revokeResetLinks } from '../../auth/reset-links.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  /** null: an account that can sign in but opens no workspace. */
  role: Role | null;
  company?: string | null;
  /**
   * The name incoming deals are matched on; the given name when omitted (the command line and the
   * demo seed, where an operator typed it). An invitation passes the name its manager chose.
   */
  accountManagerName?: string;
}

export interface UserSummary {
  id: string;
  email: string;
  full_name: string;
  role: string | null;
  company: string | null;
  disabled: boolean;
  createdAt: Date;
}

export class UserAdminError extends Error {}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new UserAdminError(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
  }
}

/** Creates an account through the auth library (so the password is hashed its way), then sets the role. */
export async function createUserAccount(auth: Auth, db: Db, input: NewUser): Promise<string> {
  checkPassword(input.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email.toLowerCase()));
  if (existing) throw new UserAdminError(`A user with the e-mail ${input.email.toLowerCase()} already exists.`);
  const result = await auth.api.signUpEmail({
    body: { email: input.email.toLowerCase(), password: input.password, name: input.fullName },
  });
  const id = result.user.id;
  await db
    .update(users)
    // The name incoming deals are matched on is set here once; the user may change their display
    // name later, this one only a manager changes.
    .set({
      role: input.role,
      company: input.company ?? null,
      account_manager_name: input.accountManagerName ?? input.fullName,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
  return id;
}

/**
 * The first of `names` that a person other than `exceptId` goes by (their matching name or an
 * alias, compared trimmed, spaces folded, any case: how the cascade compares names), with that
 * person; undefined when every name is free. Two people with one name would let the newer one take
 * the other's incoming deals, or leave both unmatched. One statement, however many names.
 */
export async function matchingNameHolder(
  db: Db,
  names: readonly string[],
  exceptId?: string,
): Promise<{ name: string; email: string; full_name: string } | undefined> {
  const fold = (value: SQL) => sql`lower(regexp_replace(btrim(${value}), '[[:space:]]+', ' ', 'g'))`;
  const [row] = await selectRows<{ name: string; email: string; full_name: string }>(
    db,
    sql`SELECT n.name, ${users.email} AS email, ${users.full_name} AS full_name
      FROM json_array_elements_text(${JSON.stringify(names)}::json) WITH ORDINALITY AS n(name, position)
      JOIN ${users} ON ${fold(sql`n.name`)} IN (SELECT ${fold(sql`held`)}
        FROM unnest(array_append(${users.account_manager_aliases}, ${users.account_manager_name})) AS held
        WHERE btrim(held) <> '')
      ${exceptId === undefined ? sql`` : sql`WHERE ${users.id} <> ${exceptId}`}
      ORDER BY n.position LIMIT 1`,
  );
  return row;
}

/**
 * Whether the user is an active representative: on the team (docs/metrics.md, "Who counts"), with a
 * page, a quota and deals of their own. A deactivated one is not.
 */
export async function isActiveRepresentative(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, ROLES.representative), eq(users.disabled, false)));
  return row !== undefined;
}

/**
 * The users who are not active representatives (another role, or deactivated): with no owner, the
 * owners of the team's Unassigned group (docs/metrics.md, "Who counts"). An array computed once,
 * the few such users' ids, so each side of a filter on it stays an index lookup.
 */
export const notActiveRepresentativeIds = sql`array(SELECT ${users.id} FROM ${users}
  WHERE ${users.role} IS DISTINCT FROM ${ROLES.representative} OR ${users.disabled})`;

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      company: users.company,
      disabled: users.disabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.email));
}

async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!row) throw new UserAdminError(`No user with the e-mail ${email}.`);
  return row.id;
}

/** The role is read from the database on every request, so the change applies to the next one. */
export async function setRole(db: Db, email: string, role: Role | null): Promise<void> {
  const id = await userIdByEmail(db, email);
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/**
 * Sets a new password (hashed by the auth library) and ends every session of the account,
 * except `keepSessionId` when given.
 */
export async function setPassword(
  auth: Auth,
  db: Db,
  email: string,
  password: string,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<void> {
  checkPassword(password);
  const id = await userIdByEmail(db, email);
  const digest = await (await auth.$context).password.hash(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: digest, updatedAt: new Date() })
      .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new UserAdminError(`The user ${email} has no password account.`);
    await revokeResetLinks(tx, id);
    await tx
      .delete(sessions)
      .where(keepSessionId ? and(eq(sessions.userId, id), ne(sessions.id, keepSessionId)) : eq(sessions.userId, id));
  });
}

/** A disabled account cannot sign in, and every one of its sessions ends now. */
export async function setDisabled(db: Db, email: string, disabled: boolean): Promise<void> {
  const id = await userIdByEmail(db, email);
  await db.transaction((tx) => setDisabledById(tx, id, disabled));
}

/** As setDisabled, by user id, inside the caller's transaction. */
export async function setDisabledById(tx: Db, id: string, disabled: boolean): Promise<void> {
  await tx.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, id));
  if (disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
  if (disabled) await revokeResetLinks(tx, id);
}
