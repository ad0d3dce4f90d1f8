import ICAL from 'ical.js';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../src/db/client.ts';
import { vcardsOf } from '../src/modules/contacts-io/vcard.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const csv = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;

describe('accounts and contacts: CSV import, CSV and vCard export (issue 36)', () => {
  let server: TestServer;
  let db: Db;
  let manager: HttpClient;
  let rep: HttpClient;
  let other: HttpClient;
  let repId: string;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    db = server.database.db;
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Rep' });
    const o = await server.createUser({ role: 'Sales Representative', fullName: 'Otto Other' });
    repId = r.id;
    [manager, rep, other] = await Promise.all([
      server.signIn(m.email, m.password),
      server.signIn(r.email, r.password),
      server.signIn(o.email, o.password),
    ]);
  });
  afterAll(() => server.close());

  it('imports accounts (managers only): one per company, line-numbered refusals, details completed not replaced', async () => {
    const file = {
      rows: [
        { name: 'Acme Inc.', domain: 'https://www.acme.test/about', industry: 'Software' },
        { name: 'ACME', country: 'France', industry: 'Retail' },
        { name: '' },
        { name: 'Globex', domain: 'gmail.com' },
        { name: 'Initech', size: '51-200' },
      ],
    };
    expect((await rep.post('/api/accounts/import', file)).status).toBe(403);
    const res = await manager.post('/api/accounts/import', file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, updated: 1, errorCount: 2 });
    expect(res.body.errors).toEqual([
      { row: 4, field: 'name', message: 'name is required' },
      { row: 5, field: 'domain', message: 'domain "gmail.com" is not a web domain' },
    ]);
    const accounts = await rows<{ name: string; domain: string | null; industry: string | null; country: string | null }>(
      sql`SELECT name, domain, industry, country FROM client_accounts WHERE merged_into_id IS NULL ORDER BY name`,
    );
    // "ACME" is Acme Inc.: its empty country is filled, its industry kept.
    expect(accounts).toEqual([
      { name: 'Acme Inc.', domain: 'acme.test', industry: 'Software', country: 'France' },
      { name: 'Initech', domain: null, industry: null, country: null },
    ]);
  });

  it('refuses a file without the required column, naming it', async () => {
    const res = await manager.post('/api/contacts/import', { rows: [{ email: 'a@b.test' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('full_name');
  });

  it('imports contacts: account found by name or domain, e-mail lower case; a retry with the same key answers the first result', async () => {
    const file = {
      rows: [
        { full_name: 'Priya Nair', email: 'Priya.Nair@Acme.test', account: 'acme', title: 'CFO' },
        { full_name: 'Li Wei', account_domain: 'initech.com' },
        { full_name: 'Bad Mail', email: 'not-an-address' },
        { full_name: 'Solo Person', phone: '+33 1 23 45 67 89' },
      ],
    };
    const key = { 'idempotency-key': 'contacts-file-1' };
    const res = await rep.post('/api/contacts/import', file, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      inserted: 3,
      updated: 0,
      errorCount: 1,
      errors: [{ row: 4, field: 'email', message: 'email "not-an-address" is not an e-mail address' }],
    });
    const again = await rep.post('/api/contacts/import', file, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(res.body);
    const people = await rows<{ full_name: string; email: string | null; account: string | null; created_by: string }>(
      sql`SELECT c.full_name, c.email, a.name AS account, c.created_by FROM contacts c
        LEFT JOIN client_accounts a ON a.id = c.account_id ORDER BY c.full_name`,
    );
    expect(people).toEqual([
      { full_name: 'Li Wei', email: null, account: 'Initech', created_by: repId },
      { full_name: 'Priya Nair', email: 'priya.nair@acme.test', account: 'Acme Inc.', created_by: repId },
      { full_name: 'Solo Person', email: null, account: null, created_by: repId },
    ]);
    // Sent again under another key: the same people, completed, not doubled.
    const second = await rep.post('/api/contacts/import', {
      rows: [{ full_name: 'priya nair', email: 'priya.nair@acme.test', account: 'Acme', phone: '+1 555 0100' }],
    });
    expect(second.body).toMatchObject({ inserted: 0, updated: 1 });
    expect((await rows(sql`SELECT 1 FROM contacts WHERE email = 'priya.nair@acme.test'`)).length).toBe(1);
  });

  it('exports as CSV only what the caller sees, with the columns the import reads back', async () => {
    const [acme] = await rows<{ id: number }>(sql`SELECT id FROM client_accounts WHERE name = 'Acme Inc.'`);
    // The rep owns a deal at Acme: they see Acme and its contacts, and their own contact without an account.
    await db.execute(
      sql`INSERT INTO opportunities (owner_id, account_manager, client_company_name, product, status, stage, account_id)
        VALUES (${repId}, 'Rita Rep', 'Acme Inc.', 'CRM Platform', 'On-going', 'New', ${acme!.id})`,
    );

    const all = await manager.get('/api/accounts/export.csv');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    expect(csv(all.text).map((r) => r.name)).toEqual(['Acme Inc.', 'Initech']);
    expect(csv((await rep.get('/api/accounts/export.csv')).text).map((r) => r.name)).toEqual(['Acme Inc.']);
    expect(csv((await other.get('/api/accounts/export.csv')).text)).toEqual([]);

    const mine = csv((await rep.get('/api/contacts/export.csv')).text);
    expect(mine.map((r) => r.full_name)).toEqual(['Priya Nair', 'Solo Person']);
    expect(mine[0]).toMatchObject({
      email: 'priya.nair@acme.test',
      account: 'Acme Inc.',
      account_domain: 'acme.test',
      title: 'CFO',
      side: 'buyer',
    });
    expect(csv((await manager.get('/api/contacts/export.csv')).text)).toHaveLength(3);
    expect(csv((await manager.get(`/api/contacts/export.csv?account_id=${acme!.id}`)).text).map((r) => r.full_name)).toEqual([
      'Priya Nair',
    ]);
    expect(csv((await other.get('/api/contacts/export.csv')).text)).toEqual([]);
  });

  it('exports a contact and a list as vCard 4.0 that a parser reads back; another rep gets 404', async () => {
    const [priya] = await rows<{ id: number }>(sql`SELECT id FROM contacts WHERE email = 'priya.nair@acme.test'`);
    const res = await rep.get(`/api/contacts/${priya!.id}/vcard`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/vcard');
    const card = new ICAL.Component(ICAL.parse(res.text) as unknown[]);
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Priya Nair');
    expect(card.getFirstPropertyValue('email')).toBe('priya.nair@acme.test');
    expect(card.getFirstPropertyValue('org')).toBe('Acme Inc.');
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+15550100');
    expect((await other.get(`/api/contacts/${priya!.id}/vcard`)).status).toBe(404);

    const list = await manager.get('/api/contacts/export.vcf');
    const parsed = ICAL.parse(list.text) as unknown[];
    expect(parsed).toHaveLength(3);
  });

  it('writes RFC 6350 text escaping and folding that round-trips', () => {
    const tricky = {
      id: 7,
      full_name: 'Dupont, Jean; "JD" \\ é',
      email: 'jd@acme.test',
      phone: null,
      title: 'VP, Sales;\nEMEA',
      account_name: 'Acme; Inc, Europe',
      language: 'fr',
      time_zone: 'Europe/Paris',
      updated_at: new Date('2026-11-27T10:00:00Z'),
    };
    const text = vcardsOf([{ ...tricky, title: `${tricky.title} ${'é'.repeat(60)}` }]);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('ORG:Acme\\; Inc\\, Europe');
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe(tricky.full_name);
    expect(card.getFirstPropertyValue('title')).toBe(`${tricky.title} ${'é'.repeat(60)}`);
    expect(card.getFirstPropertyValue('org')).toBe('Acme; Inc, Europe');
    expect(card.getFirstProperty('n')).toBeNull();
    expect(card.getFirstPropertyValue('uid')).toBe('urn:nexa:contact:7');
  });
});
