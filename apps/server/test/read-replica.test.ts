import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOpportunities } from '../src/db/factories.ts';
import { PRIMARY_PIN_COOKIE } from '../src/http/read-routing.ts';
import { opportunities } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, openTestDatabase, startTestServer, type TestServer } from './test-app.ts';

/**
 * DATABASE_READ_URL: the "replica" here is a second database that does not receive the primary's
 * writes, so where a figure comes from shows which database answered.
 */
describe.runIf(testDatabaseKind() === 'postgres')('read replica (DATABASE_READ_URL)', () => {
  let replica: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: TestServer;
  let rep: HttpClient;
  let repId: string;

  const openDeals = (body: { totals: Array<{ status: string; count: number }> }) =>
    body.totals.find((t) => t.status === 'On-going')!.count;

  beforeAll(async () => {
    replica = await openTestDatabase();
    server = await startTestServer({}, { readReplicaUrl: replica.url });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Replica' });
    repId = user.id;
    rep = await server.signIn(user.email, user.password);
    await server.database.db
      .insert(opportunities)
      .values(
        makeOpportunities(12, { seed: 7, ownerId: repId, accountManager: 'Rita Replica' }).map((o) =>
          withStage({ ...o, status: 'On-going' }),
        ),
      );
  });
  afterAll(async () => {
    await server?.close();
    await replica?.close();
  });

  it('serves dashboard reads from the replica and sessions from the primary', async () => {
    // The session lives only on the primary; the replica has never seen this rep's rows.
    const pipeline = await rep.get('/api/pipeline');
    expect(pipeline.status).toBe(200);
    expect(openDeals(pipeline.body)).toBe(0);
    expect((await rep.get('/api/opportunities')).body.total).toBe(0);
    // Reads outside the dashboards (one opportunity) stay on the primary.
    const [row] = await server.database.db.select({ id: opportunities.id }).from(opportunities).limit(1);
    expect((await rep.get(`/api/opportunities/${row!.id}`)).status).toBe(200);
  });

  it("keeps a writer's next reads on the primary, so a rep sees what was just written", async () => {
    const write = await rep.post('/api/opportunities/sample');
    expect(write.status).toBe(201);
    const pin = write.headers.getSetCookie().find((c) => c.startsWith(`${PRIMARY_PIN_COOKIE}=`));
    expect(pin).toMatch(/Max-Age=\d+/);

    const pinned = await new HttpClient(server.url, `${rep.cookie}; ${pin!.split(';')[0]}`).get('/api/pipeline');
    expect(openDeals(pinned.body)).toBeGreaterThan(12);
    // Without the mark (another browser, or once it expired) the replica answers again.
    expect(openDeals((await rep.get('/api/pipeline')).body)).toBe(0);
  });
});
