import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type TestServer } from './test-app.ts';

// Concurrency is proven against PostgreSQL (STYLE: PGlite has one connection and serialises everything).
describe.runIf(testDatabaseKind() === 'postgres')('two visitors racing for one demo slot (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LEADS_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => server.close());

  it('lets exactly one booking win each slot: one 201, the others 409', async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 14 * 24 * 3600_000);
    const { body } = await server.anonymous.get(`/api/leads/demo-slots?from=${from.toISOString()}&to=${to.toISOString()}`);
    const contested: string[] = body.slots.slice(0, 5);
    for (const [round, slot] of contested.entries()) {
      const racers = Array.from({ length: 4 }, (_, i) =>
        server.anonymous.post('/api/leads/demo-requests', {
          request_type: 'demo',
          full_name: `Racer ${round}-${i}`,
          email: `racer${round}-${i}@example.com`,
          company_name: `Company ${i}`,
          selected_date: slot,
        }),
      );
      const statuses = (await Promise.all(racers)).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
    }
    const rows = await server.database.db.select().from(demoRequests);
    expect(rows).toHaveLength(contested.length);
    expect(new Set(rows.map((r) => r.selected_date.toISOString()))).toEqual(new Set(contested));
  });

  it('stores one of several identical submissions sent at the same moment, and answers each with it', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `twin${round}@example.com`;
      const twins = Array.from({ length: 4 }, () =>
        server.anonymous.post('/api/leads/demo-requests', {
          request_type: 'early_access',
          full_name: `Twin ${round}`,
          email,
          company_name: 'Twins Inc',
          role: 'Sales Manager',
        }),
      );
      const answers = await Promise.all(twins);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
      const stored = await server.database.db.select().from(demoRequests).where(eq(demoRequests.email, email));
      expect(stored).toHaveLength(1);
    }
  });
});
