import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseStatus, parseCommercialPoints, parseTechnicalQa } from '@nexa/domain';
import { createAuth } from '../src/auth/auth.ts';
import { opportunities, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_OPPORTUNITIES_PER_REP, DEMO_PASSWORD, isEmpty, seedDemo } from '../src/db/seed.ts';
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

  it('is not repeated on a database that has users', async () => {
    expect(await isEmpty(server.database.db)).toBe(false);
    const [row] = await server.database.db.select({ n: count() }).from(opportunities);
    expect(row!.n).toBe(3 * DEMO_OPPORTUNITIES_PER_REP);
  });
});
