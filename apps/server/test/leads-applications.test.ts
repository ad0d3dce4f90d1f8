import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamApplications } from '../src/db/schema.ts';
import { fixtures, resumeForm } from './leads-fixtures.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

describe('job applications with resumes (local storage)', () => {
  let server: TestServer;
  let manager: HttpClient;
  let storageDir: string;
  let counter = 0;

  const rows = () => server.database.db.select().from(teamApplications);
  const storedFiles = () =>
    fs.existsSync(path.join(storageDir, 'resumes')) ? fs.readdirSync(path.join(storageDir, 'resumes')) : [];
  const person = () => {
    counter += 1;
    return { full_name: `Applicant ${counter}`, email: `applicant${counter}@example.com` };
  };

  beforeAll(async () => {
    storageDir = fs.mkdtempSync('/tmp/nexa-leads-storage-');
    server = await startTestServer({ STORAGE_DIR: storageDir, LEADS_RATE_LIMIT_MAX: '1000', DATA_DIR: storageDir });
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('stores every field and a PDF under a generated name, and a manager downloads it as an attachment', async () => {
    const pdf = fixtures.pdf();
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm(
        {
          full_name: ' Ada Lovelace ',
          email: 'ada@example.com',
          phone_number: '+1 (555) 010-2030',
          github_link: 'https://github.com/ada',
          linkedin_link: 'https://www.linkedin.com/in/ada',
          introduction_text: 'I like engines.',
        },
        { data: pdf, name: '../../My CV.pdf' },
      ),
      { 'user-agent': 'vitest-agent' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, has_resume: true });
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    expect(row).toMatchObject({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '+1 (555) 010-2030',
      github_link: 'https://github.com/ada',
      linkedin_link: 'https://www.linkedin.com/in/ada',
      introduction_text: 'I like engines.',
      resume_original_name: 'My CV.pdf',
      resume_content_type: 'application/pdf',
      resume_size: pdf.length,
      ip: '127.0.0.1',
      user_agent: 'vitest-agent',
    });
    expect(row!.resume_file_path).toMatch(/^resumes\/\d{13}-[0-9a-f]{16}\.pdf$/);
    expect(fs.readFileSync(path.join(storageDir, row!.resume_file_path!))).toEqual(pdf);

    const download = await manager.get(`/api/leads/team-applications/${row!.id}/resume`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="My CV.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.text).toBe(pdf.toString());

    const list = await manager.get('/api/leads?type=application');
    expect(list.body.items[0]).toMatchObject({ id: row!.id, has_resume: true, resume_original_name: 'My CV.pdf' });
  });

  it.each([
    ['doc', fixtures.doc, 'cv.doc', 'application/msword'],
    ['docx', fixtures.docx, 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const)('accepts a real %s and names it by its content', async (ext, make, name, type) => {
    const res = await server.anonymous.post('/api/leads/team-applications', resumeForm(person(), { data: make(), name }));
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    expect(row!.resume_file_path).toMatch(new RegExp(`\\.${ext}$`));
    expect(row!.resume_content_type).toBe(type);
  });

  it('stores the resume name without bidirectional controls, so an .exe cannot pose as a PDF', async () => {
    const name = 'cv\u202Efdp.exe\u2066\u200F.pdf';
    const res = await server.anonymous.post('/api/leads/team-applications', resumeForm(person(), { data: fixtures.pdf(), name }));
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    expect(row!.resume_original_name).toBe('cvfdp.exe.pdf');
  });

  it('accepts an application without a resume (an empty file input)', async () => {
    const form = resumeForm(person());
    form.append('resume', new Blob([]), '');
    const res = await server.anonymous.post('/api/leads/team-applications', form);
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(teamApplications).where(eq(teamApplications.id, res.body.id));
    expect(row).toMatchObject({ resume_file_path: null, phone_number: null, github_link: null, introduction_text: null });
    expect((await manager.get(`/api/leads/team-applications/${row!.id}/resume`)).status).toBe(404);
  });

  it.each([
    ['an HTML page renamed .pdf', fixtures.html, 'cv.pdf'],
    ['an executable renamed .pdf', fixtures.exe, 'cv.pdf'],
    ['a zip that is not a Word package', fixtures.zipNotDocx, 'cv.docx'],
    ['an empty-content text file', () => Buffer.from('just text'), 'cv.docx'],
  ])('refuses %s with 415, storing no file and no row', async (_name, make, name) => {
    const [before, filesBefore] = [(await rows()).length, storedFiles().length];
    const res = await server.anonymous.post('/api/leads/team-applications', resumeForm(person(), { data: make(), name }));
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_media_type', field: 'resume' });
    expect((await rows()).length).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses a zip bomb dressed as .docx with 413, storing no file and no row', async () => {
    const [before, filesBefore] = [(await rows()).length, storedFiles().length];
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm(person(), { data: fixtures.zipBomb(), name: 'cv.docx' }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', field: 'resume' });
    expect((await rows()).length).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('stops reading at 10 MB with 413, storing nothing', async () => {
    const [before, filesBefore] = [(await rows()).length, storedFiles().length];
    const big = Buffer.concat([fixtures.pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const res = await server.anonymous.post('/api/leads/team-applications', resumeForm(person(), { data: big, name: 'big.pdf' }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', field: 'resume' });
    expect((await rows()).length).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it.each([
    ['missing name', { full_name: '' }, 'full_name'],
    ['missing e-mail', { email: '' }, 'email'],
    ['bad e-mail', { email: 'not-an-email' }, 'email'],
    ['bad GitHub URL', { github_link: 'github.com/ada' }, 'github_link'],
    ['bad LinkedIn URL', { linkedin_link: 'javascript:alert(1)' }, 'linkedin_link'],
    ['bad phone', { phone_number: 'call me' }, 'phone_number'],
  ])('refuses %s with 400 naming the field, storing neither row nor file', async (_name, overrides, field) => {
    const [before, filesBefore] = [(await rows()).length, storedFiles().length];
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm({ ...person(), ...overrides }, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', field });
    expect((await rows()).length).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses JSON with 415', async () => {
    const res = await server.anonymous.post('/api/leads/team-applications', person());
    expect(res.status).toBe(415);
  });

  it('returns the first application for an identical resubmission within a minute, one row and one file', async () => {
    const fields = person();
    const filesBefore = storedFiles().length;
    const first = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm(fields, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    const second = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm(fields, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body).toEqual({ ...first.body, created: false });
    expect((await rows()).filter((r) => r.email === fields.email)).toHaveLength(1);
    expect(storedFiles().length).toBe(filesBefore + 1);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const [before, filesBefore] = [(await rows()).length, storedFiles().length];
    const res = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm({ ...person(), website: 'spam' }, { data: fixtures.pdf(), name: 'cv.pdf' }),
    );
    expect(res.status).toBe(201);
    expect((await rows()).length).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('removes the stored file when the row cannot be written', async () => {
    await server.database.db.execute(sql`
      create function refuse_application() returns trigger language plpgsql as $$
      begin raise exception 'database went away' using errcode = '08006'; end $$`);
    await server.database.db.execute(sql`
      create trigger refuse_application before insert on team_applications for each row execute function refuse_application()`);
    try {
      const [before, filesBefore] = [(await rows()).length, storedFiles().length];
      const res = await server.anonymous.post(
        '/api/leads/team-applications',
        resumeForm(person(), { data: fixtures.pdf(), name: 'cv.pdf' }),
      );
      expect(res.status).toBe(503);
      expect((await rows()).length).toBe(before);
      expect(storedFiles().length).toBe(filesBefore);
    } finally {
      await server.database.db.execute(sql`drop trigger refuse_application on team_applications`);
      await server.database.db.execute(sql`drop function refuse_application`);
    }
  });

  it('never serves a resume to someone else', async () => {
    const [row] = await rows();
    expect((await server.anonymous.get(`/api/leads/team-applications/${row!.id}/resume`)).status).toBe(401);
    const rep = await server.createUser({ role: 'Sales Representative' });
    const repClient = await server.signIn(rep.email, rep.password);
    expect((await repClient.get(`/api/leads/team-applications/${row!.id}/resume`)).status).toBe(403);
    expect((await manager.get('/api/leads/team-applications/not-a-uuid/resume')).status).toBe(400);
  });
});
