import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const PAST_SLOT = '2025-01-14T15:00:00.000Z'; // a Tuesday, 10:00 New York, long gone

describe('demo and early-access requests', () => {
  let server: TestServer;
  let manager: HttpClient;
  let outbox: string;
  let slots: string[];

  const rows = () => server.database.db.select().from(demoRequests);

  beforeAll(async () => {
    outbox = fs.mkdtempSync('/tmp/nexa-leads-mail-');
    server = await startTestServer({ DATA_DIR: outbox, LEADS_RATE_LIMIT_MAX: '1000', LEADS_NOTIFY_EMAIL: 'sales@nexa.test' });
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
    const from = new Date();
    const to = new Date(from.getTime() + 21 * 24 * 3600_000);
    const res = await server.anonymous.get(`/api/leads/demo-slots?from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(res.status).toBe(200);
    slots = res.body.slots;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  const demo = (overrides: Record<string, unknown> = {}) => ({
    request_type: 'demo',
    full_name: 'Ada Lovelace',
    email: 'ada@analytical.example',
    company_name: 'Analytical Engines',
    selected_date: slots[0],
    notes: 'We sell to banks.',
    ...overrides,
  });

  it('lists 30-minute slots of the configured availability, in the future, in the reference zone', async () => {
    expect(slots.length).toBeGreaterThanOrEqual(3 * 16 * 2);
    for (const s of slots) {
      expect(Date.parse(s)).toBeGreaterThan(Date.now());
      const wall = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(s));
      expect(wall).toMatch(/^(Tue|Wed|Fri) (1\d|0?\d):(00|30)$/);
    }
  });

  it('refuses a bad slot range', async () => {
    expect((await server.anonymous.get('/api/leads/demo-slots?from=yesterday&to=now')).status).toBe(400);
    const now = new Date().toISOString();
    const res = await server.anonymous.get(`/api/leads/demo-slots?from=${now}&to=${now}`);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('to');
  });

  it('books a demo, stores every field, takes the slot off the list, and writes the e-mail', async () => {
    const res = await server.anonymous.post('/api/leads/demo-requests', demo({ full_name: '  Ada Lovelace ' }), {
      'user-agent': 'vitest-agent',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ request_type: 'demo', selected_date: slots[0], created: true });
    const [row] = await server.database.db.select().from(demoRequests).where(eq(demoRequests.id, res.body.id));
    expect(row).toMatchObject({
      full_name: 'Ada Lovelace',
      company_name: 'Analytical Engines',
      email: 'ada@analytical.example',
      request_type: 'demo',
      notes: 'We sell to banks.',
      ip: '127.0.0.1',
      user_agent: 'vitest-agent',
    });
    expect(row!.selected_date.toISOString()).toBe(slots[0]);
    expect(Date.now() - row!.created_at.getTime()).toBeLessThan(10_000);

    const after = await server.anonymous.get(
      `/api/leads/demo-slots?from=${new Date().toISOString()}&to=${new Date(Date.now() + 21 * 24 * 3600_000).toISOString()}`,
    );
    expect(after.body.slots).not.toContain(slots[0]);
    expect(after.body.slots).toContain(slots[1]);

    // The notification is written to the outbox (no SMTP here), without blocking the answer.
    await expect
      .poll(() => fs.existsSync(path.join(outbox, 'outbox')) && fs.readdirSync(path.join(outbox, 'outbox')).length)
      .toBeGreaterThan(0);
    const mail = fs.readFileSync(path.join(outbox, 'outbox', fs.readdirSync(path.join(outbox, 'outbox'))[0]!), 'utf8');
    expect(mail).toContain('To: sales@nexa.test');
    expect(mail).toContain('Ada Lovelace');
  });

  it('returns the first request for an identical resubmission within a minute, stores it once', async () => {
    const body = demo({ selected_date: slots[2], email: 'twice@example.com' });
    const first = await server.anonymous.post('/api/leads/demo-requests', body);
    const second = await server.anonymous.post('/api/leads/demo-requests', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, created: false });
    expect((await rows()).filter((r) => r.email === 'twice@example.com')).toHaveLength(1);
  });

  it('refuses a taken slot with 409 and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await server.anonymous.post('/api/leads/demo-requests', demo({ email: 'late@example.com' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field: 'selected_date' });
    expect((await rows()).length).toBe(before);
  });

  it.each([
    ['missing name', { full_name: '' }, 'full_name'],
    ['missing company', { company_name: undefined }, 'company_name'],
    ['missing e-mail', { email: '' }, 'email'],
    ['bad e-mail', { email: 'ada@nowhere' }, 'email'],
    ['missing date', { selected_date: undefined }, 'selected_date'],
    ['not a date', { selected_date: 'tomorrow' }, 'selected_date'],
    ['past slot', { selected_date: PAST_SLOT }, 'selected_date'],
    ['off-grid time', { selected_date: 'OFFGRID' }, 'selected_date'],
    ['unknown type', { request_type: 'lunch' }, 'request_type'],
    ['overlong notes', { notes: 'x'.repeat(2001) }, 'notes'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, overrides, field) => {
    const body = demo(overrides);
    if (body.selected_date === 'OFFGRID') body.selected_date = new Date(Date.parse(slots[5]!) + 10 * 60_000).toISOString();
    const before = (await rows()).length;
    const res = await server.anonymous.post('/api/leads/demo-requests', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.field).toBe(field);
    expect((await rows()).length).toBe(before);
  });

  it('refuses a body that is not JSON or too large', async () => {
    const res = await server.anonymous.request('POST', '/api/leads/demo-requests', undefined, { 'content-type': 'text/plain' });
    expect([400, 415]).toContain(res.status);
    const big = await server.anonymous.post('/api/leads/demo-requests', demo({ notes: 'x'.repeat(20_000) }));
    expect(big.status).toBe(413);
  });

  it('stores early access with the role in notes and the time of the request as its date', async () => {
    const res = await server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'early_access',
      full_name: 'Grace Hopper',
      email: 'grace@navy.example',
      company_name: 'Navy',
      role: 'Sales Manager',
    });
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(demoRequests).where(eq(demoRequests.id, res.body.id));
    expect(row).toMatchObject({
      request_type: 'early_access',
      full_name: 'Grace Hopper',
      email: 'grace@navy.example',
      company_name: 'Navy',
      notes: 'Requested role: Sales Manager',
    });
    expect(Math.abs(row!.selected_date.getTime() - Date.now())).toBeLessThan(10_000);
    const bad = await server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'early_access',
      full_name: 'Grace Hopper',
      email: 'grace@navy.example',
      company_name: 'Navy',
      role: 'Admiral',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('role');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await server.anonymous.post(
      '/api/leads/demo-requests',
      demo({ selected_date: slots[3], website: 'http://spam.example' }),
    );
    expect(res.status).toBe(201);
    expect((await rows()).length).toBe(before);
  });

  it('offers an .ics invite with a stable UID and UTC times', async () => {
    const booked = await server.anonymous.post(
      '/api/leads/demo-requests',
      demo({ selected_date: slots[4], email: 'ics@example.com' }),
    );
    const first = await server.anonymous.get(`/api/leads/demo-requests/${booked.body.id}/invite.ics`);
    const second = await server.anonymous.get(`/api/leads/demo-requests/${booked.body.id}/invite.ics`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/calendar');
    const compact = slots[4]!.replace(/[-:]/g, '').replace('.000', '');
    expect(first.text).toContain(`DTSTART:${compact}`);
    expect(first.text).toMatch(/DURATION:PT30M|DTEND:\d{8}T\d{6}Z/);
    const uid = /UID:(.+)/.exec(first.text)![1]!.trim();
    expect(uid).toBe(`demo-${booked.body.id}@nexa`);
    expect(/UID:(.+)/.exec(second.text)![1]!.trim()).toBe(uid);
    expect(first.text).not.toContain('ics@example.com');
    expect((await server.anonymous.get('/api/leads/demo-requests/00000000-0000-4000-8000-000000000000/invite.ics')).status).toBe(
      404,
    );
    expect((await server.anonymous.get('/api/leads/demo-requests/nope/invite.ics')).status).toBe(400);
  });

  it('lists leads for a manager: newest first, filtered by type, searched, paged', async () => {
    const all = await manager.get('/api/leads?pageSize=200');
    expect(all.status).toBe(200);
    const dates = all.body.items.map((l: { created_at: string }) => l.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.body.total).toBe(all.body.items.length);
    const early = await manager.get('/api/leads?type=early_access');
    expect(early.body.items.every((l: { type: string }) => l.type === 'early_access')).toBe(true);
    expect(early.body.items[0]).toMatchObject({
      full_name: 'Grace Hopper',
      notes: 'Requested role: Sales Manager',
      has_resume: false,
    });
    const search = await manager.get('/api/leads?q=analytical');
    expect(search.body.items.length).toBeGreaterThan(0);
    for (const lead of search.body.items as Array<{ email: string; company_name: string }>) {
      expect(`${lead.email} ${lead.company_name}`.toLowerCase()).toContain('analytical');
    }
    const none = await manager.get('/api/leads?q=%25_nobody');
    expect(none.body).toEqual({ items: [], total: 0 });
    const page2 = await manager.get('/api/leads?pageSize=1&page=2');
    expect(page2.body.items[0].id).toBe(all.body.items[1].id);
    expect((await manager.get('/api/leads?type=spam')).status).toBe(400);
  });

  it('exports CSV for a manager with formula cells neutralised', async () => {
    await server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'early_access',
      full_name: '=HYPERLINK("http://evil")',
      email: 'csv@example.com',
      company_name: 'CSV Inc',
      role: 'Sales Representative',
    });
    const res = await manager.get('/api/leads/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nexa-leads-/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'created_at,type,full_name,email,company_name,selected_date,notes,phone_number,github_link,linkedin_link,introduction_text,resume_original_name',
    );
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.text).toContain('Grace Hopper');
  });

  it('exports no formula after a separator either: a French Excel splits cells on semicolons', async () => {
    const sent = await server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'early_access',
      full_name: 'Semi, +1+cmd|" /C calc"!A0',
      email: 'semicolon@example.com',
      company_name: "Acme;=cmd|' /C calc'!A0",
      role: 'Sales Representative',
    });
    expect(sent.status).toBe(201);
    const text = (await manager.get('/api/leads/export.csv')).text;
    const csv = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const lead = csv.data.find((row) => row.email === 'semicolon@example.com');
    expect(lead?.company_name).toBe("Acme;'=cmd|' /C calc'!A0");
    for (const delimiter of [';', ',', '\t']) {
      const cells = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter }).data.flat();
      for (const cell of cells) expect(cell.trimStart()).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('flood protection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LEADS_RATE_LIMIT_MAX: '3', LEADS_RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After once an address has sent its share, and stores nothing more', async () => {
    const send = (i: number) =>
      server.anonymous.post('/api/leads/demo-requests', {
        request_type: 'early_access',
        full_name: `Bot ${i}`,
        email: `bot${i}@example.com`,
        company_name: 'Bots',
        role: 'Sales Manager',
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(i)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const limited = await send(9);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.database.db.select().from(demoRequests)).toHaveLength(3);
    const form = new FormData();
    form.append('full_name', 'Bot');
    form.append('email', 'bot@example.com');
    const applications = [];
    for (let i = 0; i < 4; i++) applications.push((await server.anonymous.post('/api/leads/team-applications', form)).status);
    expect(applications.slice(3)).toEqual([429]);
  });
});

describe('lead-form budgets per address and per e-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The defaults: a generous per-address budget and a small per-e-mail one.
    server = await startTestServer({ LEADS_RATE_LIMIT_WINDOW_MS: '600000' });
  });
  afterAll(() => server.close());

  const earlyAccess = (email: string, i: number) =>
    server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'early_access',
      full_name: `Colleague ${i}`,
      email,
      company_name: 'Shared Office',
      role: 'Sales Manager',
    });

  it('lets an office behind one address send more than 10 forms in 10 minutes', async () => {
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await earlyAccess(`colleague${i}@office.example`, i)).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
  });

  it('bounds one e-mail address, whatever the spelling of its case', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const email = i % 2 ? 'Repeat@Office.example' : 'repeat@office.example';
      statuses.push((await earlyAccess(email, 100 + i)).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await earlyAccess('repeat@office.example', 200);
    expect([refused.body.error.code, refused.body.error.field]).toEqual(['rate_limited', 'email']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
