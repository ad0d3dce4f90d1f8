import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../src/db/client.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/*
 * A contact's personal data (issue 36): the JSON export holds everything on the person, and erasure
 * leaves nothing of their name, e-mail, phone or words in any text, JSON or text-array column of any
 * table, nor in any file the server wrote, while the calls keep their other lines and talk times.
 */

const NAME = 'Priya Nair';
const EMAIL = 'priya.nair@acme.test';
const PHONE = '+33 6 12 34 56 78';
const HER_LINE = 'I sign anything above a hundred K for this budget.';
const SEARCHED = [NAME, EMAIL, PHONE, 'anything above a hundred K'];

/** Every text-like column of every table, and the values in it that hold one of `needles` (case aside). */
async function findEverywhere(db: Db, needles: string[]): Promise<string[]> {
  const columns = await selectRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar'))`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const found = await selectRows<{ value: string }>(
        db,
        sql`SELECT ${sql.identifier(column_name)}::text AS value FROM ${sql.identifier(table_name)}
          WHERE ${sql.identifier(column_name)}::text ILIKE ${`%${needle}%`} LIMIT 1`,
      );
      if (found.length) hits.push(`${table_name}.${column_name}: ${found[0]!.value.slice(0, 120)}`);
    }
  }
  return hits;
}

/** Files below `dir` whose bytes hold one of `needles` (case aside). */
function filesHolding(dir: string, needles: string[]): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8').toLowerCase();
    if (needles.some((n) => text.includes(n.toLowerCase()))) out.push(file);
  }
  return out;
}

describe('a contact’s personal data: export and erasure', () => {
  let server: TestServer;
  let db: Db;
  let manager: HttpClient;
  let rep: HttpClient;
  let repId: string;
  let dataDir: string;
  let contactId: number;
  let otherId: number;
  let callId: string;
  let dealId: number;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-erasure-'));
    server = await startTestServer({ DATA_DIR: dataDir });
    db = server.database.db;
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Seller' });
    repId = r.id;
    [manager, rep] = await Promise.all([server.signIn(m.email, m.password), server.signIn(r.email, r.password)]);

    const [account] = await rows<{ id: number }>(
      sql`INSERT INTO client_accounts (name, match_key, domain) VALUES ('Acme', 'acme', 'acme.test') RETURNING id`,
    );
    const [deal] = await rows<{ id: number }>(
      sql`INSERT INTO opportunities (owner_id, account_manager, client_company_name, client_name, product, status, stage, account_id,
          technical_feedback)
        VALUES (${repId}, 'Sam Seller', 'Acme', ${NAME}, 'CRM Platform', 'On-going', 'New', ${account!.id},
          ${`${NAME} (${EMAIL}) runs the budget.`}) RETURNING id`,
    );
    dealId = deal!.id;
    const [contact] = await rows<{ id: number }>(
      sql`INSERT INTO contacts (account_id, full_name, email, phone, title, created_by)
        VALUES (${account!.id}, ${NAME}, ${EMAIL}, ${PHONE}, 'CFO', ${repId}) RETURNING id`,
    );
    contactId = contact!.id;
    const [other] = await rows<{ id: number }>(
      sql`INSERT INTO contacts (account_id, full_name, email, created_by) VALUES (${account!.id}, 'Omar Haddad', 'omar@acme.test', ${repId}) RETURNING id`,
    );
    otherId = other!.id;
    await db.execute(sql`INSERT INTO deal_contacts (opportunity_id, contact_id, roles, source)
      VALUES (${dealId}, ${contactId}, '{economic_buyer}', 'person'), (${dealId}, ${otherId}, '{champion}', 'person')`);
    const transcript = [
      `Sam Seller: Hello ${NAME.split(' ')[0]}, hello Omar, thanks for joining.`,
      `${NAME}: ${HER_LINE}`,
      'Omar Haddad: We need nightly exports to the warehouse.',
      `Sam Seller: Noted, I will send the contract to ${EMAIL}.`,
    ];
    const result = {
      summary: `${NAME} owns the budget; Omar wants nightly exports.`,
      questions: [{ text: 'Can it export to our warehouse nightly?', lines: [3] }],
      committeeRoles: [{ name: NAME, role: 'economic_buyer', quote: 'I sign anything above a hundred K', lines: [2] }],
    };
    const [call] = await rows<{ id: string }>(
      sql`INSERT INTO call_analyses (opportunity_id, created_by, provider, language, transcript_name, transcript_lines, result)
        VALUES (${dealId}, ${repId}, 'offline', 'en', 'acme-call.txt', ${JSON.stringify(transcript)}::jsonb, ${JSON.stringify(result)}::jsonb)
        RETURNING id::text AS id`,
    );
    callId = call!.id;
    await db.execute(sql`INSERT INTO call_speakers (call_analysis_id, speaker, contact_id, side, talk_seconds, lines) VALUES
      (${callId}::uuid, ${NAME}, ${contactId}, 'buyer', 31.5, 1),
      (${callId}::uuid, 'Omar Haddad', ${otherId}, 'buyer', 12, 1),
      (${callId}::uuid, 'Sam Seller', NULL, 'seller', 40, 2)`);
    await db.execute(sql`INSERT INTO jobs (kind, status, payload, owner_id, opportunity_id)
      VALUES ('transcript-analysis', 'succeeded', ${JSON.stringify({ transcript: transcript.join('\n'), language: 'en' })}::jsonb, ${repId}, ${dealId})`);
    await db.execute(sql`INSERT INTO tasks (title, due_at, owner_id, opportunity_id, contact_id, source, status)
      VALUES (${`Send ${NAME} the contract`}, now() + interval '2 days', ${repId}, ${dealId}, ${contactId}, 'person', 'open')`);
    // The deal's history names her (a change the representative made).
    await db.execute(sql`INSERT INTO opportunity_changes (opportunity_id, field, before, after, source, actor_id)
      VALUES (${dealId}, 'client_name', '"Someone"'::jsonb, ${JSON.stringify(NAME)}::jsonb, 'person', ${repId})`);
    // A message the server wrote to its outbox (no SMTP configured) that names her.
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, 'outbox', 'reminder.eml'),
      `Subject: Call ${NAME} tomorrow\r\n\r\nShe is at ${EMAIL}.\r\n`,
    );
    fs.writeFileSync(path.join(dataDir, 'outbox', 'other.eml'), 'Subject: Weekly summary\r\n\r\nNothing about her.\r\n');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports everything held on the person as JSON (managers only)', async () => {
    expect((await rep.get(`/api/contacts/${contactId}/export`)).status).toBe(403);
    const res = await manager.get(`/api/contacts/${contactId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.contact).toMatchObject({ id: contactId, full_name: NAME, email: EMAIL, phone: PHONE, title: 'CFO' });
    expect(res.body.account).toMatchObject({ name: 'Acme', domain: 'acme.test' });
    expect(res.body.deals).toEqual([
      expect.objectContaining({ opportunity_id: dealId, roles: ['economic_buyer'], source: 'person' }),
    ]);
    expect(res.body.calls).toEqual([
      expect.objectContaining({ call_analysis_id: callId, opportunity_id: dealId, speaker: NAME, talk_seconds: 31.5, lines: 1 }),
    ]);
    expect(res.body.lines).toEqual([{ call_analysis_id: callId, line: 2, text: HER_LINE }]);
    expect(res.body.tasks).toEqual([expect.objectContaining({ title: `Send ${NAME} the contract`, status: 'open' })]);
    expect((await manager.get('/api/contacts/999999/export')).status).toBe(404);
  });

  it('erases only when a manager confirms', async () => {
    expect((await rep.post(`/api/contacts/${contactId}/erase`, { confirm: true })).status).toBe(403);
    expect((await manager.post(`/api/contacts/${contactId}/erase`, {})).status).toBe(400);
    expect((await manager.post(`/api/contacts/${contactId}/erase`, { confirm: false })).status).toBe(400);
  });

  it('leaves the name, e-mail, phone and words in no table and no file; the call keeps everyone else', async () => {
    // Before: the search finds her in many places (so the scan can fail).
    expect((await findEverywhere(db, SEARCHED)).length).toBeGreaterThan(8);
    expect(filesHolding(dataDir, SEARCHED)).toHaveLength(1);

    const res = await manager.post(`/api/contacts/${contactId}/erase`, { confirm: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contactId, deals: 1, calls: 1, outboxMessagesRemoved: 1 });

    expect(await findEverywhere(db, SEARCHED)).toEqual([]);
    expect(filesHolding(dataDir, SEARCHED)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'outbox', 'other.eml'))).toBe(true);

    // The record is gone; the call keeps its other lines, speakers and talk times.
    expect(await rows(sql`SELECT 1 FROM contacts WHERE id = ${contactId}`)).toEqual([]);
    const [call] = await rows<{ transcript_lines: string[]; result: { summary: string; questions: unknown[] } }>(
      sql`SELECT transcript_lines, result FROM call_analyses WHERE id = ${callId}::uuid`,
    );
    expect(call!.transcript_lines).toEqual([
      'Sam Seller: Hello [erased contact], hello Omar, thanks for joining.',
      '[erased contact]: [erased]',
      'Omar Haddad: We need nightly exports to the warehouse.',
      'Sam Seller: Noted, I will send the contract to [erased contact].',
    ]);
    expect(call!.result.summary).toBe('[erased contact] owns the budget; Omar wants nightly exports.');
    expect(call!.result.questions).toEqual([{ text: 'Can it export to our warehouse nightly?', lines: [3] }]);
    const speakers = await rows<{ speaker: string; contact_id: number | null; talk_seconds: number }>(
      sql`SELECT speaker, contact_id, talk_seconds FROM call_speakers WHERE call_analysis_id = ${callId}::uuid ORDER BY speaker`,
    );
    expect(speakers.map((s) => [s.speaker, s.contact_id, Number(s.talk_seconds)])).toEqual([
      ['Omar Haddad', otherId, 12],
      ['Sam Seller', null, 40],
      ['[erased contact]', null, 31.5],
    ]);
    expect(await rows(sql`SELECT contact_id, roles FROM deal_contacts WHERE opportunity_id = ${dealId}`)).toEqual([
      { contact_id: otherId, roles: ['champion'] },
    ]);
    const [deal] = await rows<{ client_name: string; client_company_name: string }>(
      sql`SELECT client_name, client_company_name FROM opportunities WHERE id = ${dealId}`,
    );
    expect(deal).toEqual({ client_name: '[erased contact]', client_company_name: 'Acme' });

    // The audit log says who erased whom by number, never by name.
    const audit = await manager.get('/api/team-admin/audit');
    const entry = audit.body.items.find((e: { action: string }) => e.action === 'contact.erased');
    expect(entry).toMatchObject({ target: `contact #${contactId}` });
    expect(JSON.stringify(audit.body)).not.toContain('Priya');

    expect((await manager.post(`/api/contacts/${contactId}/erase`, { confirm: true })).status).toBe(404);
  });
});
