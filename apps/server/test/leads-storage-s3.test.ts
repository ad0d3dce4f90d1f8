import fs from 'node:fs';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamApplications } from '../src/db/schema.ts';
import { sweepOrphanResumes } from '../src/modules/leads/orphan-sweeper.ts';
import { createS3Storage } from '../src/storage/s3-storage.ts';
import { fixtures, resumeForm } from './leads-fixtures.ts';
import { startS3rver, type TestS3 } from './s3-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

describe('resumes in an S3-compatible bucket (s3rver)', () => {
  let s3: TestS3;
  let dir: string;
  let endpoint: string;
  let server: TestServer;
  let manager: HttpClient;
  let client: S3Client;

  const objectCount = () =>
    fs.readdirSync(`${dir}/resumes`, { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object')).length;

  beforeAll(async () => {
    dir = fs.mkdtempSync('/tmp/nexa-s3rver-');
    s3 = await startS3rver(dir);
    endpoint = s3.endpoint;
    server = await startTestServer({
      ...s3.env,
      LEADS_RATE_LIMIT_MAX: '1000',
    });
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
    client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the resume byte for byte in the bucket and serves it back to a manager', async () => {
    const docx = fixtures.docx();
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm({ full_name: 'Ada Lovelace', email: 'ada@s3.example' }, { data: docx, name: 'cv.docx' }),
    );
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    expect(row!.resume_file_path).toMatch(/^resumes\/\d{13}-[0-9a-f]{16}\.docx$/);
    const object = await client.send(new GetObjectCommand({ Bucket: 'resumes', Key: row!.resume_file_path! }));
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(docx);
    expect(object.ContentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');

    const download = await manager.get(`/api/leads/team-applications/${row!.id}/resume`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Number(download.headers.get('content-length'))).toBe(docx.length);
  });

  it('deletes the object when the row cannot be written', async () => {
    const before = objectCount();
    await server.database.db.execute(sql`
      create function refuse_application() returns trigger language plpgsql as $$
      begin raise exception 'database went away' using errcode = '08006'; end $$`);
    await server.database.db.execute(sql`
      create trigger refuse_application before insert on team_applications for each row execute function refuse_application()`);
    try {
      const res = await server.anonymous.post(
        '/api/leads/team-applications',
        resumeForm({ full_name: 'Failing', email: 'fail@s3.example' }, { data: fixtures.pdf(), name: 'cv.pdf' }),
      );
      expect(res.status).toBe(503);
      expect(objectCount()).toBe(before);
    } finally {
      await server.database.db.execute(sql`drop trigger refuse_application on team_applications`);
      await server.database.db.execute(sql`drop function refuse_application`);
    }
  });

  it('the orphan sweeper lists the bucket and deletes only old objects no row points to', async () => {
    const rows = await server.database.db.select({ key: teamApplications.resume_file_path }).from(teamApplications);
    const referenced = rows.map((r) => r.key!).filter(Boolean);
    expect(referenced.length).toBeGreaterThan(0);
    await client.send(new PutObjectCommand({ Bucket: 'resumes', Key: 'resumes/1-orphan.pdf', Body: '%PDF-1.4\n' }));
    await client.send(new PutObjectCommand({ Bucket: 'resumes', Key: 'other/1-not-a-resume.pdf', Body: 'x' }));
    const storage = createS3Storage({
      bucket: 'resumes',
      region: 'us-east-1',
      endpoint,
      ...s3.credentials,
      forcePathStyle: true,
    });
    const db = server.database.db;
    expect((await sweepOrphanResumes({ db, storage, graceMs: 60_000 })).deleted).toEqual([]);
    const later = new Date(Date.now() + 120_000);
    expect((await sweepOrphanResumes({ db, storage, graceMs: 60_000, now: later })).deleted).toEqual(['resumes/1-orphan.pdf']);
    const left: string[] = [];
    for await (const object of storage.list('')) left.push(object.key);
    expect(left.sort()).toEqual([...referenced, 'other/1-not-a-resume.pdf'].sort());
  });
});
