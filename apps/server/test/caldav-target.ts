import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { calendarConnections, jobs } from '../src/db/schema.ts';
import { freePorts, waitForPort } from '../../../scripts/cluster.mjs';

/**
 * A real CalDAV server on loopback: Debian's radicale (NOTES.md; scripts/lib.mjs installs it when
 * missing), started on a free port of 127.0.0.1 with its own folder and a plain htpasswd file, and
 * stopped by its pid. `calendar(user)` makes a calendar collection (MKCALENDAR) and answers its URL;
 * `raw` sends any request as that user, so a test can read, move or delete an event the way another
 * calendar app would.
 */

/** Europe/Paris as calendar apps define it beside an event written in local time (VTIMEZONE lines). */
export const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCalDavServer(users: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nexa-radicale-'));
  const [port] = (await freePorts(1)) as [number];
  const htpasswd = path.join(dir, 'users');
  await writeFile(
    htpasswd,
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}\n`)
      .join(''),
  );
  const configFile = path.join(dir, 'config');
  await writeFile(
    configFile,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(process.env.RADICALE_PATH ?? 'radicale', ['--config', configFile], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const base = `http://127.0.0.1:${port}`;
  await waitForPort(port, {
    timeoutMs: 15_000,
    gone: () => (child.exitCode !== null ? `radicale exited: ${stderr}` : null),
  }).catch((error: unknown) => {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    throw error;
  });

  const raw = (user: string, method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, base), {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString('base64')}`, ...headers },
      body,
    });

  return {
    base,
    raw,
    /** Creates /<user>/<name>/ as a calendar and answers its URL. */
    async calendar(user: string, name = 'nexa'): Promise<string> {
      const url = `${base}/${user}/${name}/`;
      const answer = await raw(user, 'MKCALENDAR', url);
      if (answer.status !== 201) throw new Error(`MKCALENDAR answered ${answer.status}: ${await answer.text()}`);
      return url;
    },
    /** The collection's event files (names) and their text. */
    async events(user: string, url: string): Promise<Map<string, string>> {
      const list = await raw(user, 'PROPFIND', url, undefined, { depth: '1' });
      const xml = await list.text();
      const hrefs = [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map((m) => m[1]!);
      const out = new Map<string, string>();
      for (const href of hrefs) out.set(path.posix.basename(href), await (await raw(user, 'GET', href)).text());
      return out;
    },
    async close() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGTERM');
        await Promise.race([exited, sleep(3_000)]);
        if (child.exitCode === null) process.kill(child.pid, 'SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type CalDavTarget = Awaited<ReturnType<typeof startCalDavServer>>;

/** Waits until no sync of these people's calendars is waiting or running (the queue ran them). */
export async function calendarsSynced(db: Db, ...userIds: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const pending = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.owner_id, userIds), eq(jobs.kind, 'calendar_sync'), inArray(jobs.status, ['queued', 'running'])));
    if (!pending.length) return;
    if (Date.now() > deadline) throw new Error('calendar sync did not finish');
    await sleep(50);
  }
}

/**
 * Points this person's connected calendar at a closed port of loopback, as a calendar server that is
 * down; the answer puts it back.
 */
export async function takeCalendarDown(db: Db, userId: string): Promise<{ bringBack: () => Promise<void> }> {
  const [row] = await db
    .select({ url: calendarConnections.url })
    .from(calendarConnections)
    .where(eq(calendarConnections.user_id, userId));
  if (!row) throw new Error(`no calendar connected for ${userId}`);
  await db
    .update(calendarConnections)
    .set({ url: 'http://127.0.0.1:9/down/nexa/' })
    .where(eq(calendarConnections.user_id, userId));
  return {
    bringBack: async () => {
      await db.update(calendarConnections).set({ url: row.url }).where(eq(calendarConnections.user_id, userId));
    },
  };
}
