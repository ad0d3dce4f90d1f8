import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth/auth.ts';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { createUserAccount } from '../src/modules/users/service.ts';
import {
  encodeForm,
  freePorts,
  nginxInstalled,
  send,
  startNginx,
  startSourceInstance,
  type Instance,
  type Nginx,
  type RawRequest,
  type RawResponse,
} from './cluster.ts';
import { adminUrl, testDatabaseKind, withDatabaseName } from './database-target.ts';
import { fixtures, resumeForm } from './leads-fixtures.ts';
import { redisAnswers, TEST_REDIS_URL } from './redis-target.ts';
import { startS3rver, type TestS3 } from './s3-target.ts';
import { testConfig } from './test-app.ts';

/**
 * Issue 11: two server processes behind nginx (Debian's, round robin, its own configuration on a free
 * port) on one PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), each instance with
 * a data folder of its own as on two machines. Every proof goes over real HTTP and checks which
 * instance answered (nginx's X-Upstream header, or the instance addressed directly), so "works on the
 * other instance" is really the other instance. In order: migrations ran once; a session made on one
 * instance works (and ends) on the other; sign-in limits count across both, per e-mail and per client
 * address, with X-Forwarded-For believed from nginx only; a resume uploaded through one downloads
 * through the other; each job runs once with both instances working the queue; a SIGTERM under load
 * loses no acknowledged request; an instance taken out of nginx first loses none at all.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'scale-out-password-1';

const redisUp = await redisAnswers();
const enabled = testDatabaseKind() === 'postgres' && redisUp && nginxInstalled();
if (testDatabaseKind() === 'postgres' && !enabled) {
  console.info(
    `[api tests] scale-out test skipped: ${redisUp ? 'nginx is not installed (npm test installs it)' : 'Redis is not reachable'}`,
  );
}

describe.runIf(enabled)('scale-out: two instances behind nginx on PostgreSQL, Redis and S3', { timeout: 60_000 }, () => {
  const name = `nexa_test_scale_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withDatabaseName(adminUrl(), name);
  const redisPrefix = `nexa-test-scale-${process.pid}-${Date.now()}:`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  /** The test's own connection to the instances' database, for checks. */
  const db = new pg.Client({ connectionString: databaseUrl });
  /** Data folders and the bucket; made in beforeAll, so a skipped run leaves nothing behind. */
  let tmp: string;
  let s3: TestS3;
  let a: Instance;
  let b: Instance;
  let lb: Nginx;
  let publicUrl: string;
  let portA: number;
  let portB: number;
  /** The environment of an instance whose data folder is `dataDir` (under the test's folder). */
  let env: (dataDir: string) => Record<string, string>;
  const names = new Map<string, 'A' | 'B'>();
  const rep = { email: 'rep@scale.nexa.test', password: PASSWORD };
  const victim = { email: 'victim@scale.nexa.test', password: PASSWORD };
  const manager = { email: 'manager@scale.nexa.test', password: PASSWORD };

  /** Through nginx. */
  const viaLb = (url: string, request: RawRequest = {}) => send(publicUrl + url, request);
  /** The instance that gave this answer: the last address nginx tried. */
  const answeredBy = (res: RawResponse) => names.get(String(res.headers['x-upstream']).split(', ').pop()!);
  /** Through nginx until the instance other than `first` answers (round robin: the next request). */
  async function viaOther(first: 'A' | 'B' | undefined, url: string, request: RawRequest = {}): Promise<RawResponse> {
    for (let i = 0; i < 4; i++) {
      const res = await viaLb(url, request);
      if (answeredBy(res) !== first) return res;
    }
    throw new Error(`nginx sent ${url} to ${first} four times in a row`);
  }
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl, ...extra },
    body: JSON.stringify(body),
  });
  const cookieOf = (res: RawResponse) => String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  async function signIn(user: { email: string; password: string }): Promise<{ cookie: string; by: 'A' | 'B' | undefined }> {
    const res = await viaLb('/api/auth/sign-in/email', json(user));
    expect(res.status, res.body.toString()).toBe(200);
    return { cookie: cookieOf(res), by: answeredBy(res) };
  }
  const logLines = (instance: Instance) =>
    instance
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-scale-'));
    await admin.connect();
    // An empty database: the two instances below start together and must migrate it once.
    await admin.query(`CREATE DATABASE ${name}`);
    const s3dir = path.join(tmp, 's3');
    fs.mkdirSync(s3dir);
    s3 = await startS3rver(s3dir);
    let portLb: number;
    [portA, portB, portLb] = (await freePorts(3)) as [number, number, number];
    publicUrl = `http://127.0.0.1:${portLb}`;
    env = (dataDir: string) => ({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmp, dataDir),
      AUTH_SECRET: 'scale-out-secret-0123456789abcdef0123456789',
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      // Believe X-Forwarded-For from nginx only (it connects from 127.0.0.1).
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      ...s3.env,
      ORPHAN_SWEEP_INTERVAL_MS: '0',
      // The limits under test are the sign-in ones; the general ones would count the load below.
      SIGN_IN_LIMIT_PER_EMAIL: '3',
      SIGN_IN_LIMIT_PER_IP: '5',
      RATE_LIMIT_MAX: '1000000',
      LEADS_RATE_LIMIT_MAX: '1000000',
      JOBS_POLL_MS: '200',
    });
    a = startSourceInstance(portA, env('a'));
    b = startSourceInstance(portB, env('b'));
    names.set(`127.0.0.1:${portA}`, 'A').set(`127.0.0.1:${portB}`, 'B');
    await Promise.all([a.ready, b.ready]);
    lb = await startNginx({ port: portLb, upstreams: [portA, portB] });
    await db.connect();

    const database = await openDatabase(databaseUrl, { poolMax: 2 });
    try {
      const auth = createAuth(testConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl }), database.db);
      for (const [user, role, fullName] of [
        [rep, 'Sales Representative', 'Riley Scale'],
        [victim, 'Sales Representative', 'Vic Tim'],
        [manager, 'Sales Manager', 'Morgan Scale'],
      ] as const) {
        await createUserAccount(auth, database.db, { ...user, role, fullName, company: null });
      }
    } finally {
      await database.close();
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await lb?.stop();
    await s3?.close();
    await db.end().catch(() => {});
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('migrated the empty database once, though both instances started on it together', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash');
    expect(rows.length).toBe(fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('a session made on one instance works on the other, and a sign-out ends it on both', async () => {
    const { cookie, by } = await signIn(rep);
    const other = await viaOther(by, '/api/me', { headers: { cookie } });
    expect(other.status).toBe(200);
    expect(other.json.email).toBe(rep.email);
    for (const instance of [a, b]) {
      const direct = await send(`${instance.url}/api/me`, { headers: { cookie } });
      expect(direct.status).toBe(200);
      expect(direct.json.email).toBe(rep.email);
    }
    const out = await viaLb('/api/auth/sign-out', json({}, { cookie }));
    expect(out.status).toBe(200);
    for (const instance of [a, b]) expect((await send(`${instance.url}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('counts sign-in failures per e-mail across both instances', async () => {
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      const res = await viaLb('/api/auth/sign-in/email', json({ email: victim.email, password: 'wrong-password' }));
      expect(res.status).toBe(401);
      seen.add(answeredBy(res));
    }
    expect([...seen].sort()).toEqual(['A', 'B']);
    // The fourth attempt, even with the right password, is refused by whichever instance gets it.
    for (const instance of [a, b]) {
      const res = await send(`${instance.url}/api/auth/sign-in/email`, json(victim));
      expect(res.status).toBe(429);
      expect(res.json.error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("counts per client address: nginx passes the client's, and only nginx is believed", async () => {
    const failSignIn = (url: string, from: string, headers: Record<string, string> = {}) =>
      send(url + '/api/auth/sign-in/email', {
        ...json({ email: `nobody-${Math.random()}@scale.nexa.test`, password: 'wrong-password' }, headers),
        localAddress: from,
      });
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) {
      const res = await failSignIn(publicUrl, '127.0.0.3');
      expect(res.status).toBe(401);
      seen.add(answeredBy(res));
    }
    expect([...seen].sort()).toEqual(['A', 'B']);
    expect((await failSignIn(publicUrl, '127.0.0.3')).status).toBe(429);
    // Another client through the same nginx has its own count: the server saw the client, not nginx.
    expect((await failSignIn(publicUrl, '127.0.0.4')).status).toBe(401);
    // nginx overwrites what a client claims…
    expect((await failSignIn(publicUrl, '127.0.0.4', { 'x-forwarded-for': '127.0.0.3' })).status).toBe(401);
    // …and an instance believes the header from nginx's address only.
    expect((await failSignIn(a.url, '127.0.0.4', { 'x-forwarded-for': '127.0.0.3' })).status).toBe(401);
    // The limited client is the same client whichever way it comes in.
    expect((await failSignIn(b.url, '127.0.0.3')).status).toBe(429);
  });

  it('a resume uploaded through one instance downloads through the other, from the bucket', async () => {
    const pdf = fixtures.pdf();
    const { body, contentType } = await encodeForm(
      resumeForm({ full_name: 'Ada Scale', email: 'ada@scale.example' }, { data: pdf, name: 'cv.pdf' }),
    );
    const upload = await viaLb('/api/leads/team-applications', {
      method: 'POST',
      headers: { 'content-type': contentType, origin: publicUrl },
      body,
    });
    expect(upload.status, upload.body.toString()).toBe(201);
    const uploadedBy = answeredBy(upload);
    const { cookie } = await signIn(manager);
    const download = await viaOther(uploadedBy, `/api/leads/team-applications/${upload.json.id}/resume`, { headers: { cookie } });
    expect(download.status, download.body.toString()).toBe(200);
    expect(download.body.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    // Stored in the bucket, not in either instance's data folder.
    const objects = fs.readdirSync(path.join(tmp, 's3/resumes'), { recursive: true }).map(String);
    expect(objects.filter((f) => f.endsWith('._S3rver_object'))).toHaveLength(1);
    for (const dir of ['a', 'b']) expect(fs.existsSync(path.join(tmp, dir, 'uploads'))).toBe(false);
  });

  it('processes each job exactly once, with both instances working the queue', async () => {
    const { cookie } = await signIn(rep);
    const count = 16;
    const queued = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const form = new FormData();
        form.append('language', 'en');
        form.append('client_company_name', `Scale Job ${i}`);
        form.append('product', 'Nexa Platform');
        form.append(
          'text',
          `Prospect: Do you support SSO for job ${i}?\nRep: Yes, SAML and OIDC.\nProspect: Budget is approved.`,
        );
        const { body, contentType } = await encodeForm(form);
        const res = await viaLb('/api/call-analyses', {
          method: 'POST',
          headers: { 'content-type': contentType, origin: publicUrl, cookie },
          body,
        });
        expect(res.status, res.body.toString()).toBe(202);
        return res.json.id as string;
      }),
    );
    {
      let rows: Array<{ id: string; status: string; attempts: number; opportunity_id: number }> = [];
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
        ({ rows } = await db.query(`SELECT id, status, attempts, opportunity_id FROM jobs WHERE id = ANY($1::uuid[])`, [queued]));
        if (rows.every((r) => r.status === 'succeeded' || r.status === 'failed')) break;
      }
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(queued.map(() => ['succeeded', 1]));
      // One analysis written per job, each on its own opportunity.
      const { rows: analyses } = await db.query<{ opportunity_id: number; n: number }>(
        `SELECT opportunity_id, count(*)::int AS n FROM call_analyses WHERE opportunity_id = ANY($1::int[]) GROUP BY 1`,
        [rows.map((r) => r.opportunity_id)],
      );
      expect(analyses.map((r) => r.n)).toEqual(queued.map(() => 1));
    }
    // Each instance's log names the jobs it ran: every job in exactly one of them, once.
    const ran = (instance: Instance) =>
      logLines(instance)
        .filter((l) => l.event === 'job.succeeded' && queued.includes(l.jobId as string))
        .map((l) => l.jobId as string);
    // A job's log line is written after its row commits, and reaches us through a pipe: wait for it.
    let byA: string[] = [];
    let byB: string[] = [];
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(100)) {
      [byA, byB] = [ran(a), ran(b)];
      if (byA.length + byB.length >= queued.length) break;
    }
    expect([...byA, ...byB].sort()).toEqual([...queued].sort());
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
  });

  /**
   * Six clients through nginx until stop(): lead submissions with unique e-mails (`scale-<tag>-…`),
   * resent on a failure as the web app would (the duplicate window makes a resend idempotent), and
   * signed-in reads. Records every answer with the instance that gave it.
   */
  function startLoad(tag: string, cookie: string) {
    const acknowledged = new Map<string, string>(); // e-mail → lead id the client was given
    const answers: Array<{ at: number; by: 'A' | 'B' | undefined; status: number }> = [];
    const failures: string[] = [];
    const resent: string[] = [];
    let running = true;
    let seq = 0;
    const call = async (url: string, request: RawRequest) => {
      const res = await viaLb(url, request).catch((e: Error) => e);
      if (res instanceof Error) return { status: 0, detail: res.message };
      answers.push({ at: Date.now(), by: answeredBy(res), status: res.status });
      return { status: res.status, detail: res.body.toString().replace(/\s+/g, ' ').slice(0, 120), id: res.json?.id as string };
    };
    const lead = async (email: string) => {
      const body = {
        request_type: 'early_access',
        full_name: 'Load Scale',
        email,
        company_name: 'Scale Co',
        role: 'Sales Manager',
      };
      for (let attempt = 1; attempt <= 3; attempt++) {
        const res = await call('/api/leads/demo-requests', json(body));
        // 201 stored now; 200 stored by an earlier attempt whose answer was lost.
        if (res.status === 201 || res.status === 200) return void acknowledged.set(email, res.id!);
        (attempt < 3 ? resent : failures).push(`POST ${email}: ${res.status} ${res.detail}`);
      }
    };
    const read = async (url: string) => {
      const res = await call(url, { headers: { cookie } });
      if (res.status !== 200) failures.push(`GET ${url}: ${res.status} ${res.detail}`);
    };
    const clients = Array.from({ length: 6 }, async (_, id) => {
      while (running) {
        seq += 1;
        if (seq % 2) await lead(`scale-${tag}-${id}-${seq}@example.com`);
        else await read(seq % 4 ? '/api/me' : '/api/pipeline');
      }
    });
    return {
      acknowledged,
      answers,
      failures,
      resent,
      async stop() {
        running = false;
        await Promise.all(clients);
        console.info(`scale-out ${tag}: ${answers.length} answers, ${acknowledged.size} leads, ${resent.length} resent`, resent);
      },
    };
  }

  /** Every lead the client was told about is stored once, under the id it was given; nothing else is. */
  async function expectStoredOnce(tag: string, acknowledged: Map<string, string>) {
    const { rows } = await db.query<{ email: string; id: string; n: number }>(
      `SELECT email, min(id::text) AS id, count(*)::int AS n FROM demo_requests WHERE email LIKE $1 GROUP BY email`,
      [`scale-${tag}-%`],
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(new Map(rows.map((r) => [r.email, `${r.id} ×${r.n}`]))).toEqual(
      new Map([...acknowledged].map(([email, id]) => [email, `${id} ×1`])),
    );
  }

  it('stopping one instance mid-load loses no request the client was told succeeded', async () => {
    const { cookie } = await signIn(rep);
    const load = startLoad('stop', cookie);
    await sleep(1_000);
    // SIGTERM while nginx still sends it requests: in-flight ones finish, then it exits (0, within its 10 s bound).
    expect(await a.stop('SIGTERM'), a.output().slice(-2_000)).toBe(0);
    const aGone = Date.now();
    await sleep(1_500);
    await load.stop();

    // Reads never fail: nginx moves an idempotent request to B. A POST that was on its way to A as
    // its listener closed is answered 502 (never "succeeded") and resent; at most one per client.
    expect(load.failures).toEqual([]);
    expect(load.resent.length, load.resent.join('\n')).toBeLessThanOrEqual(6);
    expect(load.answers.filter((r) => r.at < aGone && r.by === 'A').length).toBeGreaterThan(5);
    // (An answer A gave as it exited may reach the client a moment later.)
    const after = load.answers.filter((r) => r.at > aGone + 200);
    expect(after.length).toBeGreaterThan(5);
    expect(after.every((r) => r.by === 'B')).toBe(true);
    await expectStoredOnce('stop', load.acknowledged);
  });

  it('an instance taken out of nginx before it stops (the upgrade procedure) costs no request at all', async () => {
    a = startSourceInstance(portA, env('a'));
    await a.ready;
    await lb.reload({ upstreams: [portA, portB] });
    const { cookie } = await signIn(rep);
    const load = startLoad('drain', cookie);
    await sleep(700);
    await lb.reload({ upstreams: [portA, portB], down: [portB] });
    const drained = Date.now();
    expect(await b.stop('SIGTERM'), b.output().slice(-2_000)).toBe(0);
    await sleep(700);
    await load.stop();

    expect(load.failures).toEqual([]);
    expect(load.resent).toEqual([]);
    expect(load.answers.filter((r) => r.at < drained && r.by === 'B').length).toBeGreaterThan(5);
    const after = load.answers.filter((r) => r.at > drained + 200);
    expect(after.length).toBeGreaterThan(5);
    expect(after.every((r) => r.by === 'A')).toBe(true);
    await expectStoredOnce('drain', load.acknowledged);
  });
});
