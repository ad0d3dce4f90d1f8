import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teamApplications } from '../src/db/schema.ts';
import { sweepOrphanResumes } from '../src/modules/leads/orphan-sweeper.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import type { Storage } from '../src/storage/index.ts';
import { fixtures, resumeForm } from './leads-fixtures.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from './test-app.ts';

/**
 * Upload faults (issue 9): whatever breaks during a job application — the visitor's connection,
 * the file storage, the database after the file is stored — no row is left without its file and
 * no file without its row; what a crash leaves behind, the orphan sweeper removes.
 */

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** A PDF large enough that half of it is still in flight when the socket is cut. */
const bigPdf = () => Buffer.concat([fixtures.pdf(), Buffer.alloc(2 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

describe('upload faults', () => {
  let tmpDir: string;
  let storageDir: string;
  let server: TestServer;
  const faults = { put: false, delete: false };
  let originalTmp: string | undefined;
  let counter = 0;

  const files = (dir: string): string[] =>
    fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
      : [];
  const uploads = () => files(tmpDir).filter((f) => f.startsWith('nexa-upload-'));
  const stored = () => files(path.join(storageDir, 'resumes'));
  const rowsFor = (email: string) => server.database.db.select().from(teamApplications).where(eq(teamApplications.email, email));
  const person = () => {
    counter += 1;
    return { full_name: `Applicant ${counter}`, email: `fault${counter}@example.com` };
  };

  beforeAll(async () => {
    // The server spools uploads to UPLOAD_TEMP_DIR first: a folder of our own (also os.tmpdir()) shows what it leaves behind.
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-upload-faults-tmp-'));
    originalTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmpDir;
    storageDir = fs.mkdtempSync(path.join(tmpDir, '..', 'nexa-upload-faults-store-'));
    const local = createLocalStorage(storageDir);
    const storage: Storage = {
      ...local,
      async put(key, filePath, contentType) {
        if (!faults.put) return local.put(key, filePath, contentType);
        // Fails after writing part of the bytes, as a full disk or a dropped bucket connection would.
        fs.mkdirSync(path.dirname(path.join(storageDir, key)), { recursive: true });
        fs.writeFileSync(path.join(storageDir, key), 'partial');
        throw new Error('storage unavailable');
      },
      async delete(key) {
        if (faults.delete) throw new Error('storage unavailable');
        return local.delete(key);
      },
    };
    server = await startTestServer(
      {
        STORAGE_DIR: storageDir,
        DATA_DIR: storageDir,
        UPLOAD_TEMP_DIR: tmpDir,
        LEADS_RATE_LIMIT_MAX: '1000',
        ORPHAN_SWEEP_INTERVAL_MS: '0',
      },
      { storage },
    );
  });
  afterEach(async () => {
    faults.put = false;
    faults.delete = false;
    await server.database.db.execute(sql`drop trigger if exists refuse_applications on team_applications`);
  });
  afterAll(async () => {
    await server?.close();
    if (originalTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmp;
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  describe('a client that disconnects mid-upload', () => {
    it.each([0.05, 0.5, 0.999])('leaves no row and no file when cut at %s of the body', async (fraction) => {
      const who = person();
      const form = resumeForm(who, { data: bigPdf(), name: 'cv.pdf' });
      const request = new Request('http://x/', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      const port = new URL(server.url).port;
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'POST /api/leads/team-applications HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Origin: ${TEST_ORIGIN}`,
          `Content-Type: ${request.headers.get('content-type')}`,
          `Content-Length: ${body.length}`,
          '',
          '',
        ].join('\r\n'),
      );
      socket.write(body.subarray(0, Math.floor(body.length * fraction)));
      // Cut once the server has started writing the file, so the clean-up path is what is tested.
      await waitFor(() => uploads().length > 0);
      socket.destroy();

      await waitFor(() => uploads().length === 0);
      expect(await rowsFor(who.email)).toHaveLength(0);
      expect(stored()).toEqual([]);
    });

    it('the server still answers the next upload', async () => {
      const res = await server.anonymous.post(
        '/api/leads/team-applications',
        resumeForm(person(), { data: fixtures.pdf(), name: 'cv.pdf' }),
      );
      expect(res.status).toBe(201);
      expect(stored()).toHaveLength(1);
      fs.rmSync(path.join(storageDir, 'resumes'), { recursive: true, force: true });
      await server.database.db.delete(teamApplications);
    });
  });

  it('storage failing during the put: 503, no row, no file (not even the partial one)', async () => {
    faults.put = true;
    const who = person();
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm(who, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(await rowsFor(who.email)).toHaveLength(0);
    expect(stored()).toEqual([]);
    expect(uploads()).toEqual([]);
  });

  describe('the database failing after the file is stored', () => {
    const refuseInserts = async () => {
      // 57P03 (cannot_connect_now) is what a database going away looks like to the server.
      await server.database.db.execute(
        sql.raw(`create or replace function refuse_application() returns trigger language plpgsql as $$
          begin raise exception 'database going away' using errcode = '57P03'; end $$`),
      );
      await server.database.db.execute(
        sql.raw(`create trigger refuse_applications before insert on team_applications
          for each row execute function refuse_application()`),
      );
    };

    it('503, no row, and the stored file is removed again', async () => {
      await refuseInserts();
      const who = person();
      const res = await server.anonymous.post(
        '/api/leads/team-applications',
        resumeForm(who, { data: fixtures.pdf(), name: 'cv.pdf' }),
      );
      expect(res.status).toBe(503);
      expect(await rowsFor(who.email)).toHaveLength(0);
      expect(stored()).toEqual([]);
    });

    it('when the clean-up fails too, the orphan sweeper removes the file after the grace period', async () => {
      await refuseInserts();
      faults.delete = true;
      const who = person();
      const res = await server.anonymous.post(
        '/api/leads/team-applications',
        resumeForm(who, { data: fixtures.pdf(), name: 'cv.pdf' }),
      );
      expect(res.status).toBe(503);
      expect(await rowsFor(who.email)).toHaveLength(0);
      const [orphan] = stored();
      expect(orphan).toBeDefined();
      faults.delete = false;

      const storage = createLocalStorage(storageDir);
      // Within the grace period it may be an upload whose row is being written: kept.
      expect((await sweepOrphanResumes({ db: server.database.db, storage, graceMs: 60_000 })).deleted).toEqual([]);
      expect(stored()).toHaveLength(1);
      const later = new Date(Date.now() + 61_000);
      expect((await sweepOrphanResumes({ db: server.database.db, storage, graceMs: 60_000, now: later })).deleted).toEqual([
        `resumes/${orphan}`,
      ]);
      expect(stored()).toEqual([]);
    });
  });
});

describe('orphan sweeper', () => {
  let storageDir: string;
  let server: TestServer;
  const interval = 100;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-sweeper-'));
    server = await startTestServer({
      STORAGE_DIR: storageDir,
      DATA_DIR: storageDir,
      LEADS_RATE_LIMIT_MAX: '1000',
      ORPHAN_SWEEP_INTERVAL_MS: String(interval),
      ORPHAN_SWEEP_GRACE_MS: '60000',
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const put = (key: string, ageMs: number) => {
    const file = path.join(storageDir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '%PDF-1.4\n');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
  };
  const exists = (key: string) => fs.existsSync(path.join(storageDir, key));

  it('runs in the server: old orphans go, young files and files with a row stay, other prefixes are not touched', async () => {
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm({ full_name: 'Kept Applicant', email: 'kept@example.com' }, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    const kept = row!.resume_file_path!;
    // Age the referenced file too: only the missing row makes a file an orphan.
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(storageDir, kept), old, old);
    put('resumes/1-old-orphan.pdf', 3_600_000);
    put('resumes/2-young-orphan.pdf', 1_000);
    put('other/3-not-a-resume.pdf', 3_600_000);

    await waitFor(() => !exists('resumes/1-old-orphan.pdf'), 5_000);
    expect(exists(kept)).toBe(true);
    expect(exists('resumes/2-young-orphan.pdf')).toBe(true);
    expect(exists('other/3-not-a-resume.pdf')).toBe(true);
  });

  it('stops when the server closes', async () => {
    await server.close();
    put('resumes/4-after-close.pdf', 3_600_000);
    await new Promise((r) => setTimeout(r, interval * 5));
    expect(exists('resumes/4-after-close.pdf')).toBe(true);
    server = undefined as unknown as TestServer;
  });
});
