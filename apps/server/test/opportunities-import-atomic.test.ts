import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { IMPORT_STALE_MS } from '../src/modules/opportunities/import.ts';
import { testDatabaseKind } from './database-target.ts';
import { openThroughProxy, type TcpProxy } from './tcp-proxy.ts';
import { openTestDatabase, startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * An import lands whole or not at all, and a retry never lands it twice (modules/opportunities/
 * import.ts). Before, its 1,000-row batches committed one by one: a failure in a late batch kept
 * the batches before it, the client was only told "error", and sending the file again doubled them.
 * The failures here are the database's own: a trigger refuses one row of a late batch, another
 * refuses the undo (as a crash or a lost database would leave things).
 */
describe('an import lands whole or not at all', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    await server.database.db.execute(sql`
      CREATE FUNCTION test_refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused by the test' USING ERRCODE = '23514';
      END $$`);
  });
  afterEach(async () => {
    await server.database.db.execute(sql`DROP TRIGGER IF EXISTS test_poison ON opportunities`);
    await server.database.db.execute(sql`DROP TRIGGER IF EXISTS test_no_delete ON opportunities`);
  });
  afterAll(() => server?.close());

  /** The database refuses the row of this company (in the 3rd batch of a 3,000-row file). */
  const poison = (company: string) =>
    server.database.db.execute(
      sql.raw(`CREATE TRIGGER test_poison BEFORE INSERT ON opportunities FOR EACH ROW
        WHEN (NEW.client_company_name = '${company}') EXECUTE FUNCTION test_refuse_poison()`),
    );
  /** And refuses to delete any row: the undo cannot run, as after a crash. */
  const noDelete = () =>
    server.database.db.execute(
      sql.raw(`CREATE TRIGGER test_no_delete BEFORE DELETE ON opportunities FOR EACH ROW EXECUTE FUNCTION test_refuse_poison()`),
    );

  async function newRep() {
    const user = await server.createUser({ role: 'Sales Representative' });
    return { id: user.id, client: await server.signIn(user.email, user.password) };
  }

  const file = (prefix: string, count = 3_000) =>
    Array.from({ length: count }, (_, i) => ({
      client_company_name: `${prefix} ${i}`,
      product: 'Atomic Platform',
      amount: String(1_000 + i),
      status: i % 3 ? 'On-going' : 'Closed Won',
      closing_date: '2030-03-01',
    }));

  /** What the owner has in the database: deals, their history, and the summaries' deal count. */
  async function holdings(ownerId: string) {
    const [row] = await selectRows<{ deals: number; history: number; summarised: number }>(
      server.database.db,
      sql`SELECT
        (SELECT count(*)::int FROM opportunities WHERE owner_id = ${ownerId}) AS deals,
        (SELECT count(*)::int FROM opportunity_changes WHERE actor_id = ${ownerId}) AS history,
        (SELECT coalesce(sum(deals), 0)::int FROM team_summaries WHERE owner_key = ${ownerId}) AS summarised`,
    );
    return row!;
  }

  const send = (client: HttpClient, rows: unknown[], key?: string) =>
    client.post('/api/opportunities/import', { rows }, key ? { 'idempotency-key': key } : {});

  it('keeps none of the file when a late batch fails, says so, and lands it once when sent again', async () => {
    const rep = await newRep();
    const rows = file('Lateco');
    await poison('Lateco 2500');
    const failed = await send(rep.client, rows, 'file-lateco');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body.error.code).toBeTypeOf('string');
    // The two batches before the refused row were written, then removed with their history.
    expect(await holdings(rep.id)).toEqual({ deals: 0, history: 0, summarised: 0 });

    await server.database.db.execute(sql`DROP TRIGGER test_poison ON opportunities`);
    const landed = await send(rep.client, rows, 'file-lateco');
    expect(landed.status).toBe(200);
    expect(landed.body).toMatchObject({ inserted: 3_000, errorCount: 0 });
    expect(landed.headers.get('idempotent-replayed')).toBeNull();
    expect(await holdings(rep.id)).toEqual({ deals: 3_000, history: 3_000, summarised: 3_000 });
  }, 180_000);

  it('answers a retry of a finished import with its first result and writes nothing', async () => {
    const rep = await newRep();
    const rows = file('Twiceco', 1_200);
    const first = await send(rep.client, rows, 'file-twiceco');
    expect(first.status).toBe(200);
    const again = await send(rep.client, rows, 'file-twiceco');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await holdings(rep.id)).toMatchObject({ deals: 1_200 });

    // The same key with another file is a mistake of the client's, not a new import.
    const other = await send(rep.client, file('Otherco', 10), 'file-twiceco');
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'conflict', field: 'Idempotency-Key' });
    // The key is the sender's own: another representative may use the same one.
    const colleague = await newRep();
    expect((await send(colleague.client, rows, 'file-twiceco')).body).toMatchObject({ inserted: 1_200 });
    expect(await holdings(rep.id)).toMatchObject({ deals: 1_200 });
  }, 180_000);

  it('lands the file once when two requests with the same key arrive together', async () => {
    const rep = await newRep();
    const rows = file('Raceco', 2_000);
    const answers = await Promise.all([send(rep.client, rows, 'file-race'), send(rep.client, rows, 'file-race')]);
    // One lands it; the other is told it is still running (409) or, if it came after, replays it.
    expect(answers.filter((a) => a.status === 200 && a.body.inserted === 2_000)).not.toHaveLength(0);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await holdings(rep.id)).toMatchObject({ deals: 2_000 });
  }, 180_000);

  it("lands two files of one owner sent together, neither taken for the other's abandoned import", async () => {
    const rep = await newRep();
    const answers = await Promise.all([
      send(rep.client, file('Pairco', 1_500), 'file-pair-a'),
      send(rep.client, file('Pairedco', 1_500), 'file-pair-b'),
    ]);
    expect(answers.map((a) => [a.status, a.body.inserted])).toEqual([
      [200, 1_500],
      [200, 1_500],
    ]);
    expect(await holdings(rep.id)).toMatchObject({ deals: 3_000 });
  }, 180_000);

  it('removes what a failed undo left before the file lands again with the same key', async () => {
    const rep = await newRep();
    const rows = file('Crashco');
    await poison('Crashco 2500');
    await noDelete();
    const failed = await send(rep.client, rows, 'file-crashco');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // What a crash part-way leaves: the first two batches.
    expect(await holdings(rep.id)).toMatchObject({ deals: 2_000 });

    await server.database.db.execute(sql`DROP TRIGGER test_poison ON opportunities`);
    await server.database.db.execute(sql`DROP TRIGGER test_no_delete ON opportunities`);
    const landed = await send(rep.client, rows, 'file-crashco');
    expect(landed.status).toBe(200);
    expect(await holdings(rep.id)).toEqual({ deals: 3_000, history: 3_000, summarised: 3_000 });
  }, 180_000);

  it('removes the rows of an import whose process stopped before the next import of its owner', async () => {
    const rep = await newRep();
    expect((await send(rep.client, file('Abandonco', 1_500), 'file-abandoned')).status).toBe(200);
    // As a process that died after two batches leaves it: still running, silent for too long.
    await server.database.db.execute(sql`
      UPDATE opportunity_imports
      SET state = 'running', result = NULL,
        row_ids = (SELECT array_agg(id) FROM opportunities WHERE owner_id = ${rep.id}),
        heartbeat_at = now() - make_interval(secs => ${(IMPORT_STALE_MS * 2) / 1000})
      WHERE owner_id = ${rep.id}`);
    // A retry with another key (the person chose the file again) does not double it.
    const again = await send(rep.client, file('Abandonco', 1_500), 'file-abandoned-2');
    expect(again.status).toBe(200);
    expect(await holdings(rep.id)).toEqual({ deals: 1_500, history: 1_500, summarised: 1_500 });
    const [record] = await selectRows<{ state: string }>(
      server.database.db,
      sql`SELECT state FROM opportunity_imports WHERE owner_id = ${rep.id} AND idempotency_key = 'file-abandoned'`,
    );
    expect(record?.state).toBe('failed');
  }, 180_000);

  it('refuses an Idempotency-Key that is not printable text', async () => {
    const rep = await newRep();
    const res = await send(rep.client, file('Keyco', 1), 'a key with spaces');
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('Idempotency-Key');
  });
});

// A connection that really drops: PostgreSQL behind a proxy the test cuts (as database-faults.test.ts).
describe.runIf(testDatabaseKind() === 'postgres')('an import when the database connection is cut part-way', () => {
  let own: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let server: TestServer;
  let rep: HttpClient;
  let repId: string;

  beforeAll(async () => {
    own = await openTestDatabase();
    const proxied = await openThroughProxy(own.url);
    proxy = proxied.proxy;
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' }, { database: proxied.database });
    const cora = await server.createUser({ role: 'Sales Representative', fullName: 'Cora Cut' });
    repId = cora.id;
    rep = await server.signIn(cora.email, cora.password);
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await own?.close();
  });

  const deals = async () =>
    (await selectRows<{ n: number }>(own.db, sql`SELECT count(*)::int AS n FROM opportunities WHERE owner_id = ${repId}`))[0]!.n;

  it('answers 503, and the same file sent again with the same key lands once', async () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => ({ client_company_name: `Cutco ${i}`, product: 'Cut', amount: '100' }));
    let answered = false;
    const importing = rep
      .post('/api/opportunities/import', { rows }, { 'idempotency-key': 'file-cutco' })
      .finally(() => (answered = true));
    // Cut once the first batch has committed: the file is part-way in.
    while (!answered && (await deals()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    proxy.cut();
    const failed = await importing;
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('service_unavailable');
    // The undo could not reach the database either: the batches written stay until a retry.
    const left = await deals();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(6_000);

    proxy.restore();
    let again = await rep.post('/api/opportunities/import', { rows }, { 'idempotency-key': 'file-cutco' });
    // The pool may hand out a connection the cut killed once before it notices.
    if (again.status === 503) again = await rep.post('/api/opportunities/import', { rows }, { 'idempotency-key': 'file-cutco' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ inserted: 6_000, errorCount: 0 });
    expect(await deals()).toBe(6_000);
  }, 180_000);
});
