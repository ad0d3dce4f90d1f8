import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAnalyses, opportunities } from '../src/db/schema.ts';
import { analysisWith } from './call-analysis-helpers.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

// Concurrency is proven against PostgreSQL (STYLE: PGlite has one connection and serialises everything).
describe.runIf(testDatabaseKind() === 'postgres')('identical call insights at the same moment (PostgreSQL)', () => {
  let server: TestServer;
  let client: HttpClient;
  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000', JOBS_CONCURRENCY: '0' });
    const m = await server.createUser({ role: 'Sales Manager' });
    const manager = await server.signIn(m.email, m.password);
    const { key } = (await manager.post('/api/api-keys', { name: 'race' })).body;
    client = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
  });
  afterAll(() => server.close());

  it('creates one opportunity: one 201, the others 200 without change', async () => {
    for (let round = 0; round < 5; round++) {
      const body = {
        external_id: `race-${round}`,
        account_manager: 'Nobody Known',
        client_company_name: 'Racing Ltd',
        amount: 1000 + round,
        lead_status: 'Hot',
      };
      const answers = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/v1/call-insights', body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
      expect(answers.filter((a) => a.body.changed)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.opportunityId)).size).toBe(1);
      const [rows] = await server.database.db
        .select({ n: count() })
        .from(opportunities)
        .where(eq(opportunities.external_id, body.external_id));
      expect(Number(rows!.n)).toBe(1);
    }
  });

  it('keeps one history row when identical insights with an analysis race', async () => {
    const analysis = analysisWith({
      technicalRequirements: [{ question: 'SSO?', response: 'Yes, SAML.', lines: [1] }],
      technicalScore: { score: 7, reasons: [] },
    });
    const body = { external_id: 'race-analysis', account_manager: 'Nobody Known', client_company_name: 'Racing Ltd', analysis };
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/v1/call-insights', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    const id = answers[0]!.body.opportunityId;
    const history = await server.database.db.select().from(callAnalyses).where(eq(callAnalyses.opportunity_id, id));
    expect(history).toHaveLength(1);
  });

  it('creates one opportunity when transcripts for a new external_id race', async () => {
    const body = {
      external_id: 'race-transcript',
      account_manager: 'Nobody Known',
      client_company_name: 'Racing Ltd',
      language: 'en',
      transcript: 'Prospect: Do you support SSO?\nRep: Yes.',
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/v1/transcripts', body)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body.opportunityId)).size).toBe(1);
    const rows = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, body.external_id));
    expect(rows).toHaveLength(1);
  });
});
