import { count } from 'drizzle-orm';
import { ROLES, type Role } from '@nexa/domain';
import type { Auth } from '../auth/auth.ts';
import { createUserAccount } from '../modules/users/service.ts';
import type { Db } from './client.ts';
import { makeOpportunities } from './factories.ts';
import { opportunities, users } from './schema.ts';

export const DEMO_PASSWORD = 'nexa-demo-2026';

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; fullName: string; role: Role }> = [
  { email: 'manager@demo.nexa.test', fullName: 'Morgan Lee', role: ROLES.manager },
  { email: 'alex@demo.nexa.test', fullName: 'Alex Martin', role: ROLES.representative },
  { email: 'sam@demo.nexa.test', fullName: 'Sam Dupont', role: ROLES.representative },
  { email: 'jordan@demo.nexa.test', fullName: 'Jordan Patel', role: ROLES.representative },
];

export const DEMO_OPPORTUNITIES_PER_REP = 40;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The demo team: one manager, three representatives with 40 varied opportunities each. */
export async function seedDemo(auth: Auth, db: Db, now = new Date()): Promise<void> {
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const id = await createUserAccount(auth, db, { ...account, password: DEMO_PASSWORD, company: 'Nexa Demo' });
    if (account.role !== ROLES.representative) continue;
    const rows = makeOpportunities(DEMO_OPPORTUNITIES_PER_REP, {
      seed: 1000 + index,
      ownerId: id,
      accountManager: account.fullName,
      now,
    });
    await db.insert(opportunities).values(rows);
  }
}
