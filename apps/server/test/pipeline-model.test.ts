import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_OF_STAGE, PIPELINE_STATUS_OF_OUTCOME, resolvePipeline, stageSql } from '@nexa/domain';
import { STATUS_SPELLINGS } from '@nexa/domain/status-spellings';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { opportunities } from '../src/db/schema.ts';
import { HttpClient, startTestServer, type HttpClient as Client, type TestServer } from './test-app.ts';

/**
 * The pipeline model: a row written with any known spelling of its status lands in the stage and
 * outcome a person reads, through every entry point, and rows written before the model get the
 * same answer from the migration's backfill.
 */
describe('pipeline model: the stage and outcome decided at write time', () => {
  let server: TestServer;
  let rep: Client;
  let repId: string;
  let ingest: Client;

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000', JOBS_POLL_MS: '200' });
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Paula Pipeline' });
    repId = r.id;
    rep = await server.signIn(r.email, r.password);
    const manager = await server.signIn(m.email, m.password);
    const key = (await manager.post('/api/api-keys', { name: 'CRM sync' })).body.key as string;
    ingest = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
  });
  afterAll(() => server.close());

  const stored = async (ids: number[]) =>
    server.database.db
      .select({
        id: opportunities.id,
        status: opportunities.status,
        stage: opportunities.stage,
        outcome: opportunities.outcome,
        pipeline_status: opportunities.pipeline_status,
      })
      .from(opportunities)
      .where(inArray(opportunities.id, ids));

  const expectResolved = (rows: Awaited<ReturnType<typeof stored>>, expected: Map<string, string>) => {
    for (const row of rows) {
      const stage = expected.get(row.status ?? '')!;
      const outcome = OUTCOME_OF_STAGE[stage as keyof typeof OUTCOME_OF_STAGE];
      expect({ status: row.status, stage: row.stage, outcome: row.outcome, pipeline_status: row.pipeline_status }).toEqual({
        status: row.status,
        stage,
        outcome,
        pipeline_status: PIPELINE_STATUS_OF_OUTCOME[outcome],
      });
    }
  };

  // The status is kept as received, so each spelling must be told apart by its text alone.
  const spellings = STATUS_SPELLINGS.filter(([text]) => text.trim() !== '');
  const expected = new Map(spellings.map(([text, stage]) => [text, stage]));

  it('CSV import: every spelling', async () => {
    const rows = spellings.map(([status], i) => ({
      client_company_name: `Import ${i}`,
      product: 'CRM Platform',
      amount: String(1000 + i),
      status,
    }));
    const res = await rep.post('/api/opportunities/import', { rows });
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(spellings.length);
    const ids = (
      await server.database.db
        .select({ id: opportunities.id })
        .from(opportunities)
        .where(sql`${opportunities.client_company_name} like 'Import %'`)
    ).map((r) => r.id);
    const rowsStored = await stored(ids);
    expect(rowsStored).toHaveLength(spellings.length);
    expectResolved(rowsStored, expected);
  });

  it('ingest API: every spelling on create, and again when a later call changes the status', async () => {
    const ids: number[] = [];
    for (const [i, [status]] of spellings.entries()) {
      const res = await ingest.post('/api/v1/call-insights', {
        external_id: `spelling-${i}`,
        account_manager: 'Paula Pipeline',
        client_company_name: `Ingest ${i}`,
        status,
      });
      expect(res.status).toBe(201);
      ids.push(res.body.opportunityId);
    }
    expectResolved(await stored(ids), expected);
    // A later edit of the status through the same API: the stage follows it.
    const reversed = [...spellings].reverse();
    for (const [i] of spellings.entries()) {
      const res = await ingest.post('/api/v1/call-insights', {
        external_id: `spelling-${i}`,
        account_manager: 'Paula Pipeline',
        client_company_name: `Ingest ${i}`,
        status: reversed[i]![0],
      });
      expect(res.status).toBe(200);
    }
    expectResolved(await stored(ids), expected);
  });

  it('sample data and call analysis write a stage that agrees with their status', async () => {
    expect((await rep.post('/api/opportunities/sample')).status).toBe(201);
    const created = await ingest.post('/api/v1/transcripts', {
      external_id: 'transcript-new',
      account_manager: 'Paula Pipeline',
      client_company_name: 'Transcript Co',
      language: 'en',
      transcript: 'Rep: Hello.\nClient: We need SSO with Okta.\nRep: We support it.',
    });
    expect(created.status).toBe(202);
    const rows = await server.database.db
      .select({ status: opportunities.status, stage: opportunities.stage, outcome: opportunities.outcome })
      .from(opportunities)
      .where(eq(opportunities.owner_id, repId));
    for (const row of rows) expect({ stage: row.stage, outcome: row.outcome }).toEqual(resolvePipeline(row.status));
  });

  it('the migration backfills with the domain rule, word for word, and the database reads it the same way', async () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0013_pipeline_model.sql'), 'utf8');
    expect(migration).toContain(`UPDATE opportunities SET stage = ${stageSql('status')};`);
    const texts = [...STATUS_SPELLINGS.map(([text]) => text), 'Windows migration', 'Closed for lunch', 'Øresund', 'ÉCHEC'];
    const result = await server.database.db.execute(
      sql`SELECT t AS text, ${sql.raw(stageSql('t'))} AS stage FROM unnest(${sql.param(texts)}::text[]) AS t`,
    );
    const rows = (result as unknown as { rows: Array<{ text: string; stage: string }> }).rows;
    expect(rows).toHaveLength(texts.length);
    for (const row of rows)
      expect({ text: row.text, stage: row.stage }).toEqual({ text: row.text, stage: resolvePipeline(row.text).stage });
  });

  it('refuses a stage outside the fixed list', async () => {
    await expect(
      server.database.db.execute(sql`INSERT INTO opportunities (status, stage) VALUES ('Won', 'Won')`),
    ).rejects.toThrow();
  });
});
