import { count, eq, sql } from 'drizzle-orm';
import { ROLES, quarterStart, type Role } from '@nexa/domain';
import type { Auth } from '../auth/auth.ts';
import { createUserAccount } from '../modules/users/service.ts';
import type { Db } from '../db/client.ts';
import { makeOpportunities } from '../db/factories.ts';
import { opportunities, opportunityChanges, repQuotas, users } from '../db/schema.ts';
import { withAccounts } from '../modules/accounts/deals.ts';
import { demoHistory } from './demo-history.ts';
import { seedCommittees } from './seed-committees.ts';
import { seedInsights } from './seed-insights.ts';

export const DEMO_PASSWORD = 'nexa-demo-2026';

interface DemoAccount {
  email: string;
  fullName: string;
  role: Role;
  /** Where the representative works: their meetings fall in its business hours. */
  timeZone?: string;
  /** The share of the quarterly quota their won deals of this quarter reach. */
  attainment?: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'manager@demo.nexa.test', fullName: 'Morgan Lee', role: ROLES.manager },
  {
    email: 'alex@demo.nexa.test',
    fullName: 'Alex Martin',
    role: ROLES.representative,
    timeZone: 'America/New_York',
    attainment: 0.92,
  },
  { email: 'sam@demo.nexa.test', fullName: 'Sam Dupont', role: ROLES.representative, timeZone: 'Europe/Paris', attainment: 1.15 },
  {
    email: 'jordan@demo.nexa.test',
    fullName: 'Jordan Patel',
    role: ROLES.representative,
    timeZone: 'America/Chicago',
    attainment: 0.64,
  },
];

export const DEMO_OPPORTUNITIES_PER_REP = 40;
const QUOTA_STEP = 5_000;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

type NewOpportunity = typeof opportunities.$inferInsert;

/**
 * The quota that puts the won deals closed this quarter (up to today) at the wanted share of it,
 * in steps of $5,000. A quarter just begun may hold no won deal yet: the latest win then closes today.
 */
function quotaFor(rows: NewOpportunity[], attainment: number, now: Date): number {
  const from = quarterStart(now);
  const today = now.toISOString().slice(0, 10);
  const wonThisQuarter = (list: NewOpportunity[]) =>
    list.filter((r) => r.stage === 'Closed-Win' && r.closing_date && r.closing_date >= from && r.closing_date <= today);
  if (!wonThisQuarter(rows).length) {
    const latest = rows
      .filter((r) => r.stage === 'Closed-Win')
      .sort((a, b) => (b.closing_date ?? '').localeCompare(a.closing_date ?? ''))[0];
    if (latest) latest.closing_date = today;
  }
  const won = wonThisQuarter(rows).reduce((sum, r) => sum + Number(r.amount ?? 0), 0);
  return Math.max(QUOTA_STEP, Math.round(won / attainment / QUOTA_STEP) * QUOTA_STEP);
}

/**
 * The demo team: one manager, three representatives with 40 varied opportunities each, telling a
 * quarter whose every figure can be checked by hand from the rows (docs/metrics.md).
 */
export async function seedDemo(auth: Auth, db: Db, now = new Date()): Promise<void> {
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const { timeZone, attainment, ...user } = account;
    const id = await createUserAccount(auth, db, { ...user, password: DEMO_PASSWORD, company: 'Nexa Demo' });
    // The demo people have a quarter of history behind them: they have signed in before, so the
    // workspace greets them back (a new account's first sign-in says "Welcome").
    await db.update(users).set({ last_sign_in_at: now }).where(eq(users.id, id));
    if (account.role !== ROLES.representative) continue;
    const rows = makeOpportunities(DEMO_OPPORTUNITIES_PER_REP, {
      seed: 1000 + index,
      ownerId: id,
      accountManager: account.fullName,
      now,
      timeZone,
    });
    const quarterlyQuota = quotaFor(rows, attainment ?? 1, now);
    const histories = rows.map((row, i) => demoHistory(row, id, 7_000 + index * 100 + i, now));
    // Each deal finds its account (issue 36), as every other way of writing a deal does.
    const ids = await db
      .insert(opportunities)
      .values(await withAccounts(db, rows))
      .returning({ id: opportunities.id });
    await db
      .insert(opportunityChanges)
      .values(histories.flatMap((changes, i) => changes.map((change) => ({ ...change, opportunity_id: ids[i]!.id }))));
    await db.insert(repQuotas).values({ userId: id, quarterlyQuota });
    await seedInsights(db, id, account.fullName, index, now);
    await seedCommittees(db, id, account.fullName, index);
  }
  await placeDemoAccounts(db);
}

/** Where each demo account is based: one country per company, the same on every seed. */
const DEMO_COUNTRIES = ['United States', 'France', 'United Kingdom', 'Germany', 'Canada', 'Netherlands'];
async function placeDemoAccounts(db: Db): Promise<void> {
  const countries = sql.join(
    DEMO_COUNTRIES.map((country) => sql`${country}`),
    sql`, `,
  );
  await db.execute(sql`UPDATE client_accounts SET country = (ARRAY[${countries}]::text[])[1 + abs(hashtext(match_key)) % ${DEMO_COUNTRIES.length}]
    WHERE country IS NULL AND merged_into_id IS NULL`);
}
