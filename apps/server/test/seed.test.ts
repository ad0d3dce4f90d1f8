import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countsTowardQuota,
  normaliseStatus,
  parseCommercialPoints,
  parseTechnicalQa,
  quotaAttainment,
  wallTimeIn,
} from '@nexa/domain';
import { createAuth } from '../src/auth/auth.ts';
import { opportunities, opportunityChanges, repQuotas, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_OPPORTUNITIES_PER_REP, DEMO_PASSWORD, isEmpty, seedDemo } from '../src/cli/seed.ts';
import { startTestServer, type TestServer } from './test-app.ts';

describe('demo seed', () => {
  let server: TestServer;
  const now = new Date('2026-06-15T12:00:00Z');
  beforeAll(async () => {
    server = await startTestServer();
    expect(await isEmpty(server.database.db)).toBe(true);
    await seedDemo(createAuth(server.config, server.database.db), server.database.db, now);
  });
  afterAll(() => server.close());

  it('creates the manager and three representatives who can sign in with the demo password', async () => {
    const rows = await server.database.db.select({ email: users.email, role: users.role, name: users.full_name }).from(users);
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      expect(rows).toContainEqual({ email: account.email, role: account.role, name: account.fullName });
      const client = await server.signIn(account.email, DEMO_PASSWORD);
      const me = await client.get('/api/me');
      expect(me.body.role).toBe(account.role);
    }
  });

  it('gives each representative 40 varied opportunities the workspace parsers can read', async () => {
    const reps = await server.database.db.select().from(users).where(eq(users.role, 'Sales Representative'));
    for (const rep of reps) {
      const rows = await server.database.db.select().from(opportunities).where(eq(opportunities.owner_id, rep.id));
      expect(rows).toHaveLength(DEMO_OPPORTUNITIES_PER_REP);
      expect(rows.every((r) => r.account_manager === rep.full_name)).toBe(true);
      expect(new Set(rows.map((r) => r.product)).size).toBeGreaterThan(3);
      expect(new Set(rows.map((r) => normaliseStatus(r.status)))).toEqual(new Set(['On-going', 'Closed-Win', 'Closed-Lost']));
      expect(rows.some((r) => r.next_meeting_date! < now) && rows.some((r) => r.next_meeting_date! > now)).toBe(true);
      for (const row of rows) {
        expect(parseCommercialPoints(row.commercial_answers).length).toBeGreaterThanOrEqual(3);
        expect(parseTechnicalQa(row.technical_answers).length).toBeGreaterThanOrEqual(3);
        expect(row.technical_scoring).toBeGreaterThanOrEqual(0);
        expect(row.technical_scoring).toBeLessThanOrEqual(10);
        expect(row.pipeline_status).toBe(normaliseStatus(row.status));
      }
    }
  });

  it('tells a quarter that adds up: closed deals in the past, meetings in business hours, attainment 40–130 %', async () => {
    const today = now.toISOString().slice(0, 10);
    for (const account of DEMO_ACCOUNTS.filter((a) => a.timeZone)) {
      const [rep] = await server.database.db.select().from(users).where(eq(users.email, account.email));
      const rows = await server.database.db.select().from(opportunities).where(eq(opportunities.owner_id, rep!.id));
      const industries = new Map<string, string>();
      for (const row of rows) {
        if (row.outcome !== 'open') {
          // Closed in the past, after it was recorded, with no meeting still to come.
          expect(row.closing_date! <= today).toBe(true);
          expect(row.closing_date! >= row.record_date.toISOString().slice(0, 10)).toBe(true);
          expect(row.next_meeting_date!.getTime()).toBeLessThan(now.getTime());
        }
        const local = wallTimeIn(row.next_meeting_date!.getTime(), account.timeZone!);
        const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
        expect(weekday === 0 || weekday === 6).toBe(false);
        expect(local.hour).toBeGreaterThanOrEqual(9);
        expect(local.hour * 60 + local.minute).toBeLessThanOrEqual(16 * 60 + 30);
        expect(row.company_industry?.trim()).toBeTruthy();
        const seen = industries.get(row.client_company_name!);
        if (seen) expect(row.company_industry).toBe(seen);
        industries.set(row.client_company_name!, row.company_industry!);
      }
      const [quota] = await server.database.db.select().from(repQuotas).where(eq(repQuotas.userId, rep!.id));
      const won = rows
        .filter((r) => r.outcome === 'won' && countsTowardQuota(r.closing_date, now))
        .reduce((sum, r) => sum + Number(r.amount), 0);
      const attainment = quotaAttainment(won, quota!.quarterlyQuota);
      expect(attainment).toBeGreaterThanOrEqual(40);
      expect(attainment).toBeLessThanOrEqual(130);
    }
  });

  it('gives every deal a history that agrees with its row: import, analysis, the rep’s stage moves', async () => {
    const db = server.database.db;
    const rows = await db.select().from(opportunities);
    const changes = await db.select().from(opportunityChanges);
    for (const row of rows) {
      const mine = changes
        .filter((c) => c.opportunity_id === row.id)
        .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
      expect(mine[0]).toMatchObject({ field: 'created', source: 'import' });
      expect(mine.some((c) => c.source === 'analysis')).toBe(true);
      const stages = mine.filter((c) => c.field === 'stage');
      // The stages walk from New to where the deal stands, and the row entered it when the last move says.
      if (stages.length) {
        expect(stages[0]!.before).toBe('New');
        expect(stages.at(-1)!.after).toBe(row.stage);
        expect(row.stage_changed_at.getTime()).toBe(stages.at(-1)!.at.getTime());
        expect(stages.every((c) => c.source === 'person' && c.actor_id === row.owner_id)).toBe(true);
      } else expect(row.stage).toBe('New');
      expect(row.last_activity_at.getTime()).toBe(Math.max(...mine.map((c) => c.at.getTime())));
      expect(mine.every((c) => c.at.getTime() <= now.getTime())).toBe(true);
      // A committee member joins the deal after its creation (the demo's buying committees, issue 36).
      const committee = mine.filter((c) => c.field === 'committee');
      expect(committee.every((c) => c.at.getTime() >= mine[0]!.at.getTime())).toBe(true);
    }
    // Committee rows are intended: each representative's biggest open deals get a buying committee.
    const withCommittee = new Set(changes.filter((c) => c.field === 'committee').map((c) => c.opportunity_id));
    expect(withCommittee.size).toBeGreaterThan(0);
  });

  it('is not repeated on a database that has users', async () => {
    expect(await isEmpty(server.database.db)).toBe(false);
    const [row] = await server.database.db.select({ n: count() }).from(opportunities);
    expect(row!.n).toBe(3 * DEMO_OPPORTUNITIES_PER_REP);
  });
});
