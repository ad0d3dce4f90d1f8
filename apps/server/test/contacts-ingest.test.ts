import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmContactsBodySchema } from '@nexa/domain';
import { selectRows, type Db } from '../src/db/client.ts';
import { CRM_CONTACTS_EXAMPLE } from '../src/modules/contacts-io/examples.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/* The ingest API's people (issue 36): a CRM's contacts, and a call's attendees. */

describe('ingest API: a CRM’s contacts and a call’s attendees', () => {
  let server: TestServer;
  let db: Db;
  let crm: HttpClient;
  let rep: HttpClient;
  let repEmail: string;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000' });
    db = server.database.db;
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    repEmail = r.email;
    const manager = await server.signIn(m.email, m.password);
    rep = await server.signIn(r.email, r.password);
    const { key } = (await manager.post('/api/api-keys', { name: 'CRM' })).body;
    crm = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
  });
  afterAll(() => server.close());

  it('documents an example its own schema accepts', () => {
    expect(crmContactsBodySchema.safeParse(CRM_CONTACTS_EXAMPLE).success).toBe(true);
  });

  it('refuses without a key, and a contact it could never find again', async () => {
    expect((await server.anonymous.post('/api/v1/contacts', CRM_CONTACTS_EXAMPLE)).status).toBe(401);
    expect((await rep.post('/api/v1/contacts', CRM_CONTACTS_EXAMPLE)).status).toBe(401);
    const res = await crm.post('/api/v1/contacts', { contacts: [{ full_name: 'No Handle' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('external_id or email');
    expect((await crm.post('/api/v1/contacts', { contacts: [{ full_name: 'X', email: 'nope' }] })).status).toBe(400);
  });

  it('creates, then finds by the CRM’s id or e-mail and completes — never replacing what is set', async () => {
    const first = await crm.post('/api/v1/contacts', CRM_CONTACTS_EXAMPLE);
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { created: boolean }) => i.created)).toEqual([true, true]);
    const [priya] = await rows<{ id: number; account: string; title: string; language: string; time_zone: string }>(
      sql`SELECT c.id, a.name AS account, c.title, c.language, c.time_zone FROM contacts c
        JOIN client_accounts a ON a.id = c.account_id WHERE c.external_id = 'crm-contact-311'`,
    );
    expect(priya).toMatchObject({ account: 'Acme Corp', title: 'CFO', language: 'en', time_zone: 'Europe/London' });

    // A person changed her title in Nexa; the CRM sends her again with another title and a phone.
    await db.execute(sql`UPDATE contacts SET title = 'Chief Financial Officer' WHERE id = ${priya!.id}`);
    const again = await crm.post('/api/v1/contacts', {
      contacts: [
        { external_id: 'crm-contact-311', full_name: 'Priya Nair', title: 'Finance', phone: '+44 20 7946 0000' },
        // Omar was sent without an id: found by e-mail, he takes the CRM's id now.
        { external_id: 'crm-contact-312', email: 'Omar.Haddad@acme.example', full_name: 'Omar Haddad' },
      ],
    });
    expect(again.body.items).toEqual([
      { id: priya!.id, external_id: 'crm-contact-311', created: false },
      { id: first.body.items[1].id, external_id: 'crm-contact-312', created: false },
    ]);
    const after = await rows<{ external_id: string; title: string; phone: string | null }>(
      sql`SELECT external_id, title, phone FROM contacts WHERE account_id IS NOT NULL ORDER BY external_id`,
    );
    expect(after).toEqual([
      { external_id: 'crm-contact-311', title: 'Chief Financial Officer', phone: '+44 20 7946 0000' },
      { external_id: 'crm-contact-312', title: null, phone: null },
    ]);
    expect(await rows(sql`SELECT 1 FROM contacts`)).toHaveLength(2);
  });

  it('makes a call’s attendees with an e-mail the account’s contacts (never a workspace member) and hands their e-mails to the analysis', async () => {
    const transcript = {
      external_id: 'crm-deal-9',
      account_manager: 'Alice Archer',
      client_company_name: 'Globex',
      language: 'en',
      transcript: 'Alice Archer: Hello.\nBob Buyer: We need SSO.\nAlice Archer: Supported.',
    };
    expect((await crm.post('/api/v1/transcripts', transcript)).status).toBe(202);
    // The deal's account (the deal write paths set it; here by hand, as the test is about the attendees).
    const [account] = await rows<{ id: number }>(
      sql`INSERT INTO client_accounts (name, match_key) VALUES ('Globex', 'globex') ON CONFLICT (match_key) DO UPDATE SET name = excluded.name RETURNING id`,
    );
    await db.execute(sql`UPDATE opportunities SET account_id = ${account!.id} WHERE external_id = 'crm-deal-9'`);
    const res = await crm.post('/api/v1/transcripts', {
      ...transcript,
      attendees: [
        { name: 'Alice Archer', email: repEmail.toUpperCase() },
        { name: 'Bob Buyer', email: 'Bob.Buyer@globex.example' },
        { name: 'Dial-in user' },
      ],
    });
    expect(res.status).toBe(202);
    const people = await rows<{ full_name: string; email: string }>(
      sql`SELECT full_name, email FROM contacts WHERE account_id = ${account!.id}`,
    );
    expect(people).toEqual([{ full_name: 'Bob Buyer', email: 'bob.buyer@globex.example' }]);
    const [job] = await rows<{ payload: { speakerEmails?: Record<string, string> } }>(
      sql`SELECT payload FROM jobs WHERE id = ${res.body.id}::uuid`,
    );
    expect(job!.payload.speakerEmails).toEqual({
      'Alice Archer': repEmail.toLowerCase(),
      'Bob Buyer': 'bob.buyer@globex.example',
    });
    // Sent again: Bob is found, not doubled.
    await crm.post('/api/v1/transcripts', {
      ...transcript,
      attendees: [{ name: 'Bob Buyer', email: 'bob.buyer@globex.example' }],
    });
    expect(await rows(sql`SELECT 1 FROM contacts WHERE email = 'bob.buyer@globex.example'`)).toHaveLength(1);
  });
});
