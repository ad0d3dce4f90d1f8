import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAuth } from '../src/auth/auth.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { Storage } from '../src/storage/index.ts';
import { createUserAccount, type NewUser } from '../src/modules/users/service.ts';
import { adminUrl, testDatabaseKind, withDatabaseName } from './database-target.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * What every PGlite database of a worker starts from, read once: the run's migrated template and
 * PGlite's compiled WebAssembly and file bundle (a worker runs its files in turn, vitest.config.ts's
 * isolate: false, so this module's state outlives a file). Opening a database from them costs about
 * 0.6 s of CPU instead of 1.0.
 */
let pgliteStart: Promise<{ template: Blob; modules: { wasmModule: WebAssembly.Module; fsBundle: Blob } }> | undefined;

// Node's global, which the server's type settings (no DOM library) do not declare as a value.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

/** Kept as a promise, so that databases opened at once (Promise.all) share one compilation. */
function pgliteStartingPoint() {
  pgliteStart ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    return {
      template: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      modules: {
        wasmModule: await wasm.compile(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
        fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
      },
    };
  })();
  return pgliteStart;
}

/** A database of its own for one test file, copied from the migrated template of the run. */
export async function openTestDatabase(
  options: { readUrl?: string; poolMax?: number } = {},
): Promise<Database & { url: string }> {
  if (testDatabaseKind() === 'pglite') {
    const start = await pgliteStartingPoint();
    const database = await openDatabase('memory://', { loadDataDir: start.template, pgliteModules: start.modules });
    return { ...database, url: 'memory://' };
  }
  return openPostgresDatabase({ ...options, template: inject('postgresTemplate') });
}

/**
 * A PostgreSQL database of its own, dropped when closed: a copy of `template`, or empty without one
 * (to migrate it some other way).
 */
export async function openPostgresDatabase(
  options: { template?: string; readUrl?: string; poolMax?: number } = {},
): Promise<Database & { url: string }> {
  const name = `nexa_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  const url = withDatabaseName(adminUrl(), name);
  const database = await openDatabase(url, { poolMax: options.poolMax ?? 4, readUrl: options.readUrl });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/tmp/nexa-api-tests',
    WEB_DIST_DIR: '/nonexistent',
    // No notification sweep on a timer: a test's own mail and jobs stay its own (notifications.test.ts drives it).
    NOTIFICATIONS_EVERY_MS: '0',
    ...overrides,
  });
}

export interface TestServer {
  url: string;
  database: Database;
  config: Config;
  /** Creates an account through the auth library and returns its id. */
  createUser(input: Partial<NewUser> & Pick<NewUser, 'role'>): Promise<{ id: string; email: string; password: string }>;
  /** Signs in over HTTP and returns a client that sends the session cookie. */
  signIn(email: string, password: string): Promise<HttpClient>;
  /** Creates each account and signs it in (all at once): each account with its signed-in client, in order. */
  signInNew(
    ...inputs: Array<Partial<NewUser> & Pick<NewUser, 'role'>>
  ): Promise<Array<{ id: string; email: string; password: string; client: HttpClient }>>;
  anonymous: HttpClient;
  close(): Promise<void>;
}

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class HttpClient {
  constructor(
    private readonly base: string,
    public cookie = '',
    /** Sent with every request (an integration's `authorization: Bearer …`). */
    private readonly defaults: Record<string, string> = {},
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const init: RequestInit = { method, headers: { origin: TEST_ORIGIN, ...this.defaults, ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.base + path, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON; keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let userCounter = 0;

export async function startTestServer(
  overrides: Record<string, string> = {},
  options: {
    readReplicaUrl?: string;
    storage?: Storage;
    logStream?: DestinationStream;
    poolMax?: number;
    /** The database to serve (closed with the server), instead of one of its own (tcp-proxy.ts's, say). */
    database?: Database;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase({ readUrl: options.readReplicaUrl, poolMax: options.poolMax }));
  const config = testConfig(overrides);
  // With a log stream, the server's own logger (its serializers and line cap) writes to it.
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? undefined : false,
    logStream: options.logStream,
    storage: options.storage,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const auth = createAuth(config, database.db);

  const server: TestServer = {
    url,
    database,
    config,
    anonymous: new HttpClient(url),
    async createUser(input) {
      userCounter += 1;
      const email = input.email ?? `user${userCounter}-${Math.random().toString(36).slice(2, 8)}@test.nexa`;
      const password = input.password ?? 'correct-horse-battery';
      const id = await createUserAccount(auth, database.db, {
        email,
        password,
        fullName: input.fullName ?? `Test User ${userCounter}`,
        role: input.role,
        company: input.company ?? null,
      });
      return { id, email, password };
    },
    async signIn(email, password) {
      const client = new HttpClient(url);
      const response = await client.post('/api/auth/sign-in/email', { email, password });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
      client.cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0]!;
      return client;
    },
    async signInNew(...inputs) {
      const users = await Promise.all(inputs.map((input) => server.createUser(input)));
      const clients = await Promise.all(users.map((user) => server.signIn(user.email, user.password)));
      return users.map((user, i) => ({ ...user, client: clients[i]! }));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server;
}
