import { sql } from 'drizzle-orm';
import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Contacts, a deal's buying committee and the two committee risks (issue 36), on PGlite and
 * PostgreSQL (scripts/test.mjs SQL_SENSITIVE). Two representatives share an account, so a contact
 * both of them see must never show one of them the other's deal, call or words.
 */

const DAY = 86_400_000;

describe('contacts and buying committees', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  const user = {} as Record<'a' | 'b' | 'm', string>;
  const account = {} as Record<'acme' | 'globex', number>;
  const deal = {} as Record<'a1' | 'b1' | 'b2', number>;
  const q = <T>(query: ReturnType<typeof sql>) => selectRows<T>(server.database.db, query);

  async function addAccount(name: string) {
    const [row] = await q<{ id: number }>(
      sql`INSERT INTO client_accounts (name, match_key) VALUES (${name}, ${name.toLowerCase()}) RETURNING id`,
    );
    return row!.id;
  }

  async function addDeal(owner: string, accountId: number, company: string, stage: string, extra: object = {}) {
    const [row] = await server.database.db
      .insert(opportunities)
      .values(
        withStage({
          owner_id: owner,
          account_manager: 'x',
          product: `Product for ${company}`,
          client_company_name: company,
          account_id: accountId,
          amount: 50_000,
          status: stage,
          next_meeting_date: new Date(Date.now() + 3 * DAY),
          ...extra,
        }),
      )
      .returning({ id: opportunities.id });
    return row!.id;
  }

  /** An analysed call on a deal, with its transcript, and its speakers matched to contacts. */
  async function addCall(
    opportunityId: number,
    at: Date,
    lines: string[],
    result: object,
    speakers: Array<[string, number | null]>,
  ) {
    const [call] = await q<{ id: string }>(
      sql`INSERT INTO call_analyses (opportunity_id, provider, language, transcript_name, transcript_lines, result, created_at)
        VALUES (${opportunityId}, 'offline', 'en', 'call.txt', ${JSON.stringify(lines)}::jsonb, ${JSON.stringify(result)}::jsonb, ${at})
        RETURNING id`,
    );
    for (const [speaker, contactId] of speakers) {
      await q(
        sql`INSERT INTO call_speakers (call_analysis_id, speaker, contact_id, side, talk_seconds, lines)
          VALUES (${call!.id}, ${speaker}, ${contactId}, 'buyer', 42.5, 2)`,
      );
    }
    return call!.id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    const [a, b, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' }),
      server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' }),
    ]);
    [user.a, user.b, user.m] = [a.id, b.id, m.id];
    [repA, repB, manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    account.acme = await addAccount('Acme');
    account.globex = await addAccount('Globex');
    deal.a1 = await addDeal(user.a, account.acme, 'Acme', 'Proposal');
    deal.b1 = await addDeal(user.b, account.acme, 'Acme', 'Negotiation', { product: 'Bob secret product' });
    deal.b2 = await addDeal(user.b, account.globex, 'Globex', 'New');
  });
  afterAll(() => server?.close());

  let priya: number;

  it('adds a new contact with roles to a deal, recorded in its history with who, the version moving', async () => {
    const before = await repA.get(`/api/opportunities/${deal.a1}/committee`);
    expect(before.status).toBe(200);
    expect(before.body.members).toEqual([]);
    const added = await repA.post(`/api/opportunities/${deal.a1}/committee`, {
      contact: { full_name: 'Priya Sharma', email: 'Priya@Acme.com', title: 'CFO' },
      roles: ['champion', 'economic_buyer'],
      version: before.body.version,
    });
    expect(added.status).toBe(200);
    expect(added.body.version).toBe(before.body.version + 1);
    const [member] = added.body.members;
    priya = member.contact.id;
    expect(member).toMatchObject({
      roles: ['economic_buyer', 'champion'],
      source: 'person',
      contact: { full_name: 'Priya Sharma', email: 'priya@acme.com', account_id: account.acme, account_name: 'Acme' },
    });
    const history = await repA.get(`/api/opportunities/${deal.a1}/history`);
    const change = history.body.items.find((c: { field: string }) => c.field === 'committee');
    expect(change).toMatchObject({
      source: 'person',
      actor_id: user.a,
      actor_name: 'Alice Archer',
      before: null,
      after: { contact_id: priya, full_name: 'Priya Sharma', roles: ['economic_buyer', 'champion'] },
    });
    // The deal's own version moved: an edit naming the old one is stale.
    const stale = await repA.patch(`/api/opportunities/${deal.a1}`, { version: before.body.version, notes: 'x' });
    expect(stale.status).toBe(409);
  });

  it('edits roles with the version seen: a stale one answers 409 with the committee as it is; the same roles record nothing', async () => {
    const now = (await repA.get(`/api/opportunities/${deal.a1}/committee`)).body;
    const stale = await repA.request('PUT', `/api/opportunities/${deal.a1}/committee/${priya}`, {
      roles: ['champion'],
      version: now.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.current.members[0].roles).toEqual(['economic_buyer', 'champion']);
    const same = await repA.request('PUT', `/api/opportunities/${deal.a1}/committee/${priya}`, {
      roles: ['champion', 'economic_buyer'],
      version: now.version,
    });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(now.version);
    const changed = await repA.request('PUT', `/api/opportunities/${deal.a1}/committee/${priya}`, {
      roles: ['champion'],
      version: now.version,
    });
    expect(changed.body.members[0].roles).toEqual(['champion']);
    const rows = await q<{ before: unknown; after: unknown }>(
      sql`SELECT before, after FROM opportunity_changes WHERE opportunity_id = ${deal.a1} AND field = 'committee' ORDER BY id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ before: { roles: ['economic_buyer', 'champion'] }, after: { roles: ['champion'] } });
  });

  it('refuses a bad body, an unknown role, a contact it may not see and a member that is not one', async () => {
    const url = `/api/opportunities/${deal.a1}/committee`;
    expect((await repA.post(url, { contact_id: priya, contact: { full_name: 'X' } })).status).toBe(400);
    expect((await repA.post(url, { contact_id: priya, roles: ['cfo'] })).status).toBe(400);
    expect((await repA.post('/api/contacts', { full_name: 'Nobody', account_id: 999_999 })).status).toBe(400);
    expect((await repA.request('PUT', `${url}/999999`, { roles: [] })).status).toBe(404);
    // Rep B's own contact on Globex, where rep A has no deal: out of A's sight, like a missing one.
    const zed = await repB.post('/api/contacts', { full_name: 'Zed Secret', account_id: account.globex });
    expect(zed.status).toBe(201);
    const added = await repA.post(url, { contact_id: zed.body.id, roles: [] });
    expect(added.status).toBe(404);
    expect(added.text).not.toContain('Zed');
    expect((await repA.get(`/api/contacts/${zed.body.id}`)).status).toBe(404);
    expect((await repA.get(`/api/contacts/${zed.body.id}/activity`)).status).toBe(404);
    // And another rep's deal is not there at all.
    expect((await repA.get(`/api/opportunities/${deal.b1}/committee`)).status).toBe(404);
    expect((await repA.post(`/api/opportunities/${deal.b1}/committee`, { contact_id: priya, roles: [] })).status).toBe(404);
  });

  it('lists the contacts each person may see, by name, searchable and by account', async () => {
    const names = async (client: HttpClient, query = '') =>
      ((await client.get(`/api/contacts${query}`)).body.items as Array<{ full_name: string }>).map((c) => c.full_name);
    expect(await names(repA)).toEqual(['Priya Sharma']);
    expect(await names(repB)).toEqual(['Priya Sharma', 'Zed Secret']);
    expect(await names(manager)).toEqual(['Priya Sharma', 'Zed Secret']);
    expect(await names(manager, '?q=secret')).toEqual(['Zed Secret']);
    expect(await names(manager, '?q=acme.com')).toEqual(['Priya Sharma']);
    expect(await names(manager, `?account=${account.globex}`)).toEqual(['Zed Secret']);
    expect(await names(manager, '?q=%25')).toEqual([]);
    const page = await manager.get('/api/contacts?pageSize=1&page=2');
    expect(page.body).toMatchObject({ total: 2, items: [{ full_name: 'Zed Secret' }] });
  });

  it("a contact's page shows each viewer only their own deals, calls and words", async () => {
    // Priya is on both reps' Acme deals, and speaks in a call on each.
    await repB.post(`/api/opportunities/${deal.b1}/committee`, { contact_id: priya, roles: ['economic_buyer'] });
    const transcript = (topic: string) => ['Alice: Hello.', `Priya Sharma: Can you do ${topic}?`, 'Alice: Yes.'];
    const result = (topic: string) => ({
      questions: [{ text: `Asked about ${topic}`, lines: [2], answer: 'Yes', answerLines: [3] }],
      technicalRequirements: [{ question: `Needs ${topic}`, response: 'Yes', lines: [2] }],
    });
    await addCall(deal.a1, new Date(Date.now() - DAY), transcript('SSO'), result('SSO'), [['Priya Sharma', priya]]);
    await addCall(deal.b1, new Date(Date.now() - 2 * DAY), transcript('bobsecretfeature'), result('bobsecretfeature'), [
      ['Priya Sharma', priya],
    ]);

    const seen = async (client: HttpClient) => (await client.get(`/api/contacts/${priya}/activity`)).body;
    const a = await seen(repA);
    expect(a.deals.map((d: { id: number }) => d.id)).toEqual([deal.a1]);
    expect(a.deals[0].roles).toEqual(['champion']);
    expect(a.calls).toHaveLength(1);
    expect(a.calls[0]).toMatchObject({ opportunityId: deal.a1, speaker: 'Priya Sharma', talk_seconds: 42.5, lines: 2 });
    expect(a.asked).toEqual([
      expect.objectContaining({ kind: 'question', text: 'Asked about SSO', lines: [{ line: 2, text: 'Can you do SSO?' }] }),
      expect.objectContaining({ kind: 'requirement', text: 'Needs SSO' }),
    ]);
    const aText = JSON.stringify(a);
    for (const secret of ['bobsecretfeature', 'Bob secret product', `"id":${deal.b1},`, `"opportunityId":${deal.b1},`]) {
      expect(aText).not.toContain(secret);
    }

    const b = await seen(repB);
    expect(b.deals.map((d: { id: number }) => d.id)).toEqual([deal.b1]);
    expect(JSON.stringify(b)).not.toContain('Asked about SSO');
    const m = await seen(manager);
    expect(m.deals.map((d: { id: number }) => d.id).sort()).toEqual([deal.a1, deal.b1].sort());
    expect(m.calls).toHaveLength(2);
  });

  it('edits a contact, and a move out of sight answers 404 to the representative', async () => {
    const edited = await repA.patch(`/api/contacts/${priya}`, {
      phone: '+33 1 23 45 67 89',
      time_zone: 'Europe/Paris',
      language: 'fr',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ phone: '+33 1 23 45 67 89', time_zone: 'Europe/Paris', language: 'fr' });
    expect((await repA.patch(`/api/contacts/${priya}`, { time_zone: 'Mars/Base' })).status).toBe(400);
    expect((await repA.patch(`/api/contacts/${priya}`, {})).status).toBe(400);
  });

  it("a representative cannot delete a person on another representative's deal; a manager deletes and restores with everything back", async () => {
    const refused = await repA.delete(`/api/contacts/${priya}`);
    expect(refused.status).toBe(409);
    const versions = async () =>
      q<{ id: number; version: number }>(
        sql`SELECT id, version FROM opportunities WHERE id IN (${deal.a1}, ${deal.b1}) ORDER BY id`,
      );
    const before = await versions();
    expect((await manager.delete(`/api/contacts/${priya}`)).status).toBe(204);
    expect((await manager.get(`/api/contacts/${priya}`)).status).toBe(404);
    expect((await repA.get(`/api/opportunities/${deal.a1}/committee`)).body.members).toEqual([]);
    const [speakers] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM call_speakers WHERE contact_id = ${priya}`);
    expect(speakers!.n).toBe(0);
    // Each deal recorded the departure, and moved its version.
    const left = await q<{ opportunity_id: number }>(
      sql`SELECT opportunity_id FROM opportunity_changes WHERE field = 'committee' AND (after IS NULL OR after = 'null'::jsonb) ORDER BY opportunity_id`,
    );
    expect(left.map((r) => r.opportunity_id)).toEqual([deal.a1, deal.b1].sort((x, y) => x - y));
    expect((await versions()).map((r) => r.version)).toEqual(before.map((r) => r.version + 1));
    const deleted = await manager.get('/api/contacts/deleted');
    expect(deleted.body.items).toEqual([expect.objectContaining({ id: priya, full_name: 'Priya Sharma' })]);
    // Rep A did not delete her: not theirs to restore.
    expect((await repA.post(`/api/contacts/${priya}/restore`)).status).toBe(404);

    const restored = await manager.post(`/api/contacts/${priya}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: priya, full_name: 'Priya Sharma', phone: '+33 1 23 45 67 89' });
    expect((await repA.get(`/api/opportunities/${deal.a1}/committee`)).body.members[0]).toMatchObject({ roles: ['champion'] });
    expect((await repA.get(`/api/contacts/${priya}/activity`)).body.calls).toHaveLength(1);
    expect((await manager.post(`/api/contacts/${priya}/restore`)).status).toBe(404);
  });

  it('removes a member from the committee (the contact stays)', async () => {
    const now = (await repA.get(`/api/opportunities/${deal.a1}/committee`)).body;
    const stale = await repA.delete(`/api/opportunities/${deal.a1}/committee/${priya}?version=${now.version - 1}`);
    expect(stale.status).toBe(409);
    const removed = await repA.delete(`/api/opportunities/${deal.a1}/committee/${priya}?version=${now.version}`);
    expect(removed.status).toBe(200);
    expect(removed.body.members).toEqual([]);
    // Still on rep B's deal, so still rep A's to see through the shared account.
    expect((await repA.get(`/api/contacts/${priya}`)).status).toBe(200);
    expect((await repA.get(`/api/contacts/${priya}/activity`)).body.deals).toEqual([]);
  });

  describe('committee risks: no economic buyer, champion went silent', () => {
    /**
     * The two rules recomputed from the rows alone, as a person reads them: an open deal in
     * Proposal or Negotiation with nobody holding economic_buyer; a champion who is not among the
     * matched speakers of any of the deal's last N calls with recorded speakers (N = 2, the default).
     */
    async function recomputed(): Promise<Map<number, string[]>> {
      const deals = await q<{ id: number; stage: string; outcome: string }>(sql`SELECT id, stage, outcome FROM opportunities`);
      const members = await q<{ opportunity_id: number; contact_id: number; roles: string[] }>(
        sql`SELECT opportunity_id, contact_id, roles FROM deal_contacts`,
      );
      const calls = await q<{ id: string; opportunity_id: number; created_at: Date | string }>(
        sql`SELECT id, opportunity_id, created_at FROM call_analyses`,
      );
      const speakers = await q<{ call_analysis_id: string; contact_id: number | null }>(
        sql`SELECT call_analysis_id, contact_id FROM call_speakers`,
      );
      const out = new Map<number, string[]>();
      for (const d of deals) {
        if (d.outcome !== 'open') continue;
        const codes: string[] = [];
        const mine = members.filter((m) => m.opportunity_id === d.id);
        if (['Proposal', 'Negotiation'].includes(d.stage) && !mine.some((m) => m.roles.includes('economic_buyer'))) {
          codes.push('no_economic_buyer');
        }
        const recorded = calls
          .filter((c) => c.opportunity_id === d.id && speakers.some((s) => s.call_analysis_id === c.id))
          .sort((x, y) => new Date(y.created_at).getTime() - new Date(x.created_at).getTime())
          .slice(0, 2);
        const champions = mine.filter((m) => m.roles.includes('champion'));
        if (
          recorded.length === 2 &&
          champions.some((c) =>
            recorded.every((call) => !speakers.some((s) => s.call_analysis_id === call.id && s.contact_id === c.contact_id)),
          )
        ) {
          codes.push('champion_silent');
        }
        out.set(d.id, codes);
      }
      return out;
    }

    it('the risk list and each deal equal the recomputation from the rows', async () => {
      // A committee of every shape: an economic buyer on one deal, a champion silent in two calls, one who spoke.
      const silentDeal = await addDeal(user.a, account.acme, 'Acme', 'Qualified');
      const spokeDeal = await addDeal(user.a, account.acme, 'Acme', 'Negotiation');
      const wonDeal = await addDeal(user.a, account.acme, 'Acme', 'Closed-Win', { closing_date: '2026-01-01' });
      const add = async (id: number, name: string, roles: string[]) =>
        (await repA.post(`/api/opportunities/${id}/committee`, { contact: { full_name: name }, roles })).body.members.find(
          (m: { contact: { full_name: string } }) => m.contact.full_name === name,
        ).contact.id as number;
      const marcus = await add(silentDeal, 'Marcus Webb', ['champion']);
      const tom = await add(silentDeal, 'Tom Becker', ['technical_evaluator']);
      const olivia = await add(spokeDeal, 'Olivia Brooks', ['champion']);
      await add(spokeDeal, 'Helen Carter', ['economic_buyer']);
      await add(wonDeal, 'Nobody Special', ['user']);
      const line = ['Tom Becker: Hello.'];
      const old = await addCall(silentDeal, new Date(Date.now() - 9 * DAY), line, {}, [['Marcus Webb', marcus]]);
      const c2 = await addCall(silentDeal, new Date(Date.now() - 3 * DAY), line, {}, [['Tom Becker', tom]]);
      const c1 = await addCall(silentDeal, new Date(Date.now() - 1 * DAY), line, {}, [['Tom Becker', tom]]);
      // A call with no recorded speakers does not count either way.
      await addCall(silentDeal, new Date(Date.now() - 2 * 3_600_000), line, {}, []);
      await addCall(spokeDeal, new Date(Date.now() - 3 * DAY), line, {}, [['Olivia Brooks', olivia]]);
      await addCall(spokeDeal, new Date(Date.now() - 1 * DAY), line, {}, [['Someone', null]]);

      const want = await recomputed();
      expect(want.get(silentDeal)).toEqual(['champion_silent']);
      expect(want.get(spokeDeal)).toEqual([]);
      expect(want.get(deal.b1)).toEqual([]);
      expect(want.get(deal.a1)).toEqual(['no_economic_buyer']);

      const listed = new Map<number, string[]>();
      let after: string | null = null;
      do {
        const page: { body: { items: Array<{ deal: { id: number }; warnings: Array<{ code: string }> }>; next: string | null } } =
          await manager.get(`/api/insights/risks?limit=2${after ? `&after=${after}` : ''}`);
        for (const item of page.body.items) {
          listed.set(
            item.deal.id,
            item.warnings.map((w) => w.code).filter((c) => c === 'no_economic_buyer' || c === 'champion_silent'),
          );
        }
        after = page.body.next;
      } while (after);
      for (const [id, codes] of want) expect(listed.get(id) ?? [], `deal ${id}`).toEqual(codes);

      const one = await repA.get(`/api/opportunities/${silentDeal}/risks`);
      const silent = one.body.warnings.find((w: { code: string }) => w.code === 'champion_silent');
      expect(silent.evidence).toMatchObject({
        callsRead: 2,
        contacts: [{ id: marcus, full_name: 'Marcus Webb' }],
        calls: [{ analysisId: c1 }, { analysisId: c2 }],
      });
      expect(JSON.stringify(silent)).not.toContain(old);

      // N is a setting: with three calls, Marcus spoke in the oldest one.
      const settings = (await manager.get('/api/insights/settings')).body;
      expect(settings.riskThresholds.championSilentCalls).toBe(2);
      const saved = await manager.request('PUT', '/api/insights/settings', {
        ...settings,
        riskThresholds: { ...settings.riskThresholds, championSilentCalls: 3 },
      });
      expect(saved.status).toBe(200);
      const three = await repA.get(`/api/opportunities/${silentDeal}/risks`);
      expect(three.body.warnings.map((w: { code: string }) => w.code)).not.toContain('champion_silent');

      // Naming an economic buyer clears that warning.
      await repA.post(`/api/opportunities/${deal.a1}/committee`, { contact_id: priya, roles: ['economic_buyer'] });
      const cleared = await repA.get(`/api/opportunities/${deal.a1}/risks`);
      expect(cleared.body.warnings.map((w: { code: string }) => w.code)).not.toContain('no_economic_buyer');
    });
  });
});
