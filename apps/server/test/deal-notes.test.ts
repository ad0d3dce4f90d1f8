import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { jobs, notifications } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { startSmtpServer, type TestSmtp } from './smtp-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Notes on a deal with @mentions (issue 37): whoever may see the deal reads and writes its notes (404
 * for anyone else), only the author deletes one (with undo), each is an event in the deal's history,
 * and a mention — an id sent with the note, kept only for someone who may see the deal and is still
 * named — notifies that person once, in the product and by e-mail through a real SMTP server.
 */
describe(`deal notes (${testDatabaseKind()})`, () => {
  let smtp: TestSmtp;
  let server: TestServer;
  const people: Record<string, { id: string; email: string; client: HttpClient }> = {};
  let dealId: number;
  let otherDealId: number;
  const db = () => server.database.db;
  const mentionsOf = (who: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, people[who]!.id), eq(notifications.kind, 'mention')));
  const notes = (who: string, id = dealId) => `/api/opportunities/${id}/notes`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ ...smtp.env, NOTIFICATIONS_EVERY_MS: '0', JOBS_POLL_MS: '100' });
    const made = await server.signInNew(
      { role: 'Sales Representative', fullName: 'Rita Notes' },
      { role: 'Sales Representative', fullName: 'Otto Other' },
      { role: 'Sales Manager', fullName: 'Morgan Lee' },
      { role: 'Sales Manager', fullName: 'Éric Martin' },
      { role: 'Sales Manager', fullName: 'Gone Manager' },
    );
    ['rita', 'otto', 'morgan', 'eric', 'gone'].forEach((key, i) => {
      const { id, email, client } = made[i]!;
      people[key] = { id, email, client };
    });
    await db().execute(sql`UPDATE users SET disabled = true WHERE id = ${people.gone!.id}`);
    await people.morgan!.client.patch('/api/me', { language: 'en' });
    await people.rita!.client.patch('/api/me', { language: 'fr' });
    const create = async (who: string, company: string) => {
      const res = await people[who]!.client.post('/api/opportunities', {
        product: 'CRM',
        client_company_name: company,
        amount: 1,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    dealId = await create('rita', 'Acme Notes');
    otherDealId = await create('otto', 'Other Corp');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('offers as mentionable the people who may see the deal: its owner and the active managers', async () => {
    const res = await people.rita!.client.get(`${notes('rita')}/mentionable`);
    expect(res.status).toBe(200);
    const ids = res.body.items.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([people.rita!.id, people.morgan!.id, people.eric!.id]));
    expect(ids).not.toContain(people.otto!.id);
    expect(ids).not.toContain(people.gone!.id);
    expect((await people.otto!.client.get(`${notes('otto')}/mentionable`)).status).toBe(404);
  });

  it('writes a note mentioning a manager: stored, in the history, told once in the product and by e-mail', async () => {
    const text = 'Pricing call went well, @Morgan Lee can you join Thursday? Cc @Otto Other';
    const res = await people.rita!.client.post(notes('rita'), {
      text,
      // Otto may not see the deal, the gone manager is deactivated, Rita is the author: only Morgan is kept.
      mentions: [people.morgan!.id, people.otto!.id, people.gone!.id, people.rita!.id, people.morgan!.id],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ text, author_id: people.rita!.id, author_name: 'Rita Notes' });
    expect(res.body.mentions).toEqual([{ id: people.morgan!.id, full_name: 'Morgan Lee' }]);

    const list = await people.morgan!.client.get(notes('morgan'));
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].id).toBe(res.body.id);

    const history = await people.rita!.client.get(`/api/opportunities/${dealId}/history`);
    expect(history.body.items[0]).toMatchObject({ field: 'note_added', source: 'person', actor_id: people.rita!.id });

    const told = await mentionsOf('morgan');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ opportunity_id: dealId, dedupe_key: `mention:${res.body.id}`, email: 'instant' });
    expect(told[0]!.data).toMatchObject({ deal: 'Acme Notes — CRM', by: 'Rita Notes' });
    expect(await mentionsOf('otto')).toEqual([]);
    expect(await mentionsOf('rita')).toEqual([]);
    const emailJobs = await selectRows<{ id: string }>(
      db(),
      sql`SELECT id FROM jobs WHERE unique_key = ${`notification_email:${told[0]!.id}`}`,
    );
    expect(emailJobs).toHaveLength(1);
    await vi.waitFor(() => expect(smtp.to(people.morgan!.email)).toHaveLength(1), { timeout: 10_000 });
    expect(smtp.to(people.morgan!.email)[0]!.subject).toBe('Nexa: you were mentioned in a note');
    expect(smtp.to(people.morgan!.email)[0]!.text).toContain('Rita Notes mentioned you in a note on Acme Notes — CRM');

    // The bell's panel links the manager to the deal.
    const panel = await people.morgan!.client.get('/api/notifications');
    expect(panel.body.items[0]).toMatchObject({ kind: 'mention', opportunity_id: dealId, opportunity_owner_id: people.rita!.id });
  });

  it('a manager writes on a rep’s deal and mentions the rep; a name typed by hand mentions nobody', async () => {
    const res = await people.eric!.client.post(notes('eric'), {
      text: '@Rita Notes relance le client',
      mentions: [people.rita!.id],
    });
    expect(res.status, res.text).toBe(201);
    expect(await mentionsOf('rita')).toHaveLength(1);
    // A name typed without picking the person mentions nobody.
    const typed = await people.rita!.client.post(notes('rita'), { text: '@Éric Martin typed by hand' });
    expect(typed.status).toBe(201);
    expect(typed.body.mentions).toEqual([]);
    expect(await mentionsOf('eric')).toEqual([]);
  });

  it('keeps notes to the people who may see the deal: 404 for another rep, paged newest first', async () => {
    expect((await people.otto!.client.get(notes('otto'))).status).toBe(404);
    expect((await people.otto!.client.post(notes('otto'), { text: 'sneaky' })).status).toBe(404);
    expect((await people.rita!.client.get(notes('rita', otherDealId))).status).toBe(404);
    expect((await server.anonymous.get(notes('anon'))).status).toBe(401);
    const page = await people.rita!.client.get(`${notes('rita')}?pageSize=2`);
    expect(page.body.total).toBe(3);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.items[0].text).toBe('@Éric Martin typed by hand');
    const second = await people.rita!.client.get(`${notes('rita')}?pageSize=2&page=2`);
    expect(second.body.items).toHaveLength(1);
  });

  it('refuses an empty note, one past 5,000 characters, a NUL and too many mentions with a clear 400', async () => {
    const post = (body: unknown) => people.rita!.client.post(notes('rita'), body);
    const empty = await post({ text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'bad_request', field: 'text' });
    const long = await post({ text: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('5000');
    expect((await post({ text: 'x'.repeat(5000) })).status).toBe(201);
    expect((await post({ text: 'a\u0000b' })).status).toBe(400);
    expect((await post({ text: 'hi', mentions: Array.from({ length: 21 }, (_, i) => `id${i}`) })).status).toBe(400);
    expect((await post({ text: 'hi', mentions: 'nope' })).status).toBe(400);
  });

  it('lets only the author delete a note; the undo brings it back; the deal’s history records both', async () => {
    const note = await people.rita!.client.post(notes('rita'), {
      text: 'Ask @Éric Martin about terms',
      mentions: [people.eric!.id],
    });
    expect(await mentionsOf('eric')).toHaveLength(1);
    const path = `${notes('rita')}/${note.body.id}`;
    expect((await people.morgan!.client.delete(path)).status).toBe(403);
    expect((await people.otto!.client.delete(`${notes('otto')}/${note.body.id}`)).status).toBe(404);
    expect((await people.rita!.client.delete(`${notes('rita', otherDealId)}/${note.body.id}`)).status).toBe(404);
    expect((await people.rita!.client.delete(path)).status).toBe(204);
    expect((await people.rita!.client.delete(path)).status).toBe(404);
    const listed = await people.rita!.client.get(notes('rita'));
    expect(listed.body.items.map((n: { id: number }) => n.id)).not.toContain(note.body.id);
    // The mention not yet read nor e-mailed is taken back (it may have been e-mailed already: then it stays).
    const afterDelete = await mentionsOf('eric');
    expect(afterDelete.length).toBeLessThanOrEqual(1);

    const back = await people.rita!.client.post(`${path}/restore`);
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ id: note.body.id, text: 'Ask @Éric Martin about terms' });
    expect((await people.rita!.client.post(`${path}/restore`)).status).toBe(404);
    expect(await mentionsOf('eric')).toHaveLength(1);
    const history = await people.rita!.client.get(`/api/opportunities/${dealId}/history`);
    expect(history.body.items.slice(0, 3).map((c: { field: string }) => c.field)).toEqual([
      'note_restored',
      'note_deleted',
      'note_added',
    ]);
  });

  it('sends each mention e-mail once, whatever the queue does', async () => {
    await vi.waitFor(
      async () => {
        const pending = await db().select().from(jobs).where(eq(jobs.kind, 'notification_email'));
        expect(pending.filter((job) => job.status !== 'succeeded' && job.status !== 'failed')).toEqual([]);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(smtp.to(people.morgan!.email)).toHaveLength(1);
    expect(smtp.to(people.rita!.email)).toHaveLength(1);
    // In the person's language (Rita chose French).
    expect(smtp.to(people.rita!.email)[0]!.text).toContain('Éric Martin vous a mentionné dans une note sur Acme Notes — CRM');
  });
  it('a deleted deal’s notes are out of reach, back with its restore, and gone with its purge after 30 days', async () => {
    const create = async (company: string) =>
      (await people.rita!.client.post('/api/opportunities', { product: 'CRM', client_company_name: company, amount: 1 })).body
        .id as number;
    const doomed = await create('Doomed Co');
    expect((await people.rita!.client.post(notes('rita', doomed), { text: 'kept while archived' })).status).toBe(201);
    expect((await people.rita!.client.delete(`/api/opportunities/${doomed}`)).status).toBe(204);
    expect((await people.rita!.client.get(notes('rita', doomed))).status).toBe(404);
    expect((await people.rita!.client.post(`/api/opportunities/${doomed}/restore`)).status).toBe(200);
    expect((await people.rita!.client.get(notes('rita', doomed))).body.total).toBe(1);
    expect((await people.rita!.client.delete(`/api/opportunities/${doomed}`)).status).toBe(204);
    await db().execute(sql`UPDATE deleted_opportunities SET deleted_at = now() - interval '31 days' WHERE id = ${doomed}`);
    // The purge runs with the next delete.
    expect((await people.rita!.client.delete(`/api/opportunities/${await create('Next Co')}`)).status).toBe(204);
    const left = await selectRows<{ id: string }>(db(), sql`SELECT id FROM deal_notes WHERE opportunity_id = ${doomed}`);
    expect(left).toEqual([]);
  });
});
