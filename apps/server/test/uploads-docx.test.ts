import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocx, runningDocxConversions } from '../src/uploads/docx.ts';
import { DOCX_LIMITS } from '../src/uploads/docx-package.ts';
import { createOpportunity, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { resumeForm, zip } from './leads-fixtures.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const MB = 1024 * 1024;
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const documentXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

async function docx(body: string): Promise<{ bytes: Buffer; unpacked: number; xml: string }> {
  const xml = documentXml(body);
  const bytes = await new JSZip()
    .file('[Content_Types].xml', CONTENT_TYPES)
    .file('word/document.xml', xml)
    .generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  return { bytes, unpacked: Buffer.byteLength(xml), xml };
}

/** ~30 MB of call lines (≈20 MB of text) that deflate about 20× to under 2 MB: inside the ratio, far over the text limit. */
let expanding: ReturnType<typeof docx> | undefined;
const expandingCall = () => (expanding ??= buildExpandingCall());
const buildExpandingCall = () => {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 30 * MB; i++) {
    const line = paragraph(`Anna: we discussed item ${(i * 7919) % 1000003} of the roadmap today.`);
    lines.push(line);
    size += line.length;
  }
  return docx(lines.join(''));
};

/** Words drawn at random: 2.5 MB of text that deflates only a few times, to well under the 2 MB upload limit. */
const wordyCall = () => {
  const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa'.split(' ');
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const lines: string[] = [];
  for (let size = 0; size < 2.5 * MB;) {
    const text = `Anna: ${Array.from({ length: 12 }, () => words[next() % words.length]).join(' ')}`;
    lines.push(paragraph(text));
    size += text.length + 2;
  }
  return docx(lines.join(''));
};

/** ~24 MB of bookmarks around one line: slow to read through, small once read. */
const markupHeavyCall = () => {
  const marks: string[] = [];
  for (let i = 0, size = 0; size < 24 * MB; i++) {
    const mark = i % 8 ? '<w:bookmarkEnd w:id="1"/>' : `<w:bookmarkStart w:id="${i}" w:name="_Toc${i}"/>`;
    marks.push(mark);
    size += mark.length;
  }
  return docx(marks.join('') + paragraph('Anna: hello, this is the only line.'));
};

describe('.docx uploads are read in a bounded worker', () => {
  let server: TestServer;
  let rep: HttpClient;
  let opportunityId: number;
  const post = (file: { name: string; content: Buffer }) =>
    rep.post('/api/call-analyses', transcriptForm({ language: 'en', opportunityId: String(opportunityId) }, file));

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '200' });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Dora Docx' });
    rep = await server.signIn(user.email, user.password);
    opportunityId = await createOpportunity(server, user.id, 'Dora Docx');
  });
  afterAll(() => server.close());

  it('refuses with 413 a transcript that passes the ratio check but expands far past 2 MB of text', async () => {
    const { bytes, unpacked } = await expandingCall();
    expect(bytes.length).toBeLessThan(2 * MB);
    expect(unpacked / bytes.length).toBeLessThan(DOCX_LIMITS.maxRatio);
    const response = await post({ name: 'call.docx', content: bytes });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({ code: 'payload_too_large', field: 'transcript' });
    expect(response.body.error.message).toMatch(/^transcript_too_large: /);
  });

  it('refuses a transcript whose text is over 2 MB once extracted, though its file is smaller', async () => {
    const { bytes } = await wordyCall();
    expect(bytes.length).toBeLessThan(1 * MB);
    const response = await post({ name: 'long-call.docx', content: bytes });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toMatch(/^transcript_too_large: /);
  });

  it('keeps answering other requests while a conversion runs', async () => {
    const { bytes } = await markupHeavyCall();
    expect(bytes.length).toBeLessThan(2 * MB);
    let uploadAnswered = false;
    const upload = post({ name: 'bookmarks.docx', content: bytes }).finally(() => (uploadAnswered = true));
    while (runningDocxConversions() === 0 && !uploadAnswered) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(uploadAnswered).toBe(false);
    const health = await server.anonymous.get('/api/health');
    expect(health.status).toBe(200);
    // The health check came back while the conversion was still under way, not queued behind it.
    expect(uploadAnswered).toBe(false);
    const response = await upload;
    expect(response.status).toBe(202);
    const job = await waitForJob(rep, response.body.id);
    expect(job.status).toBe('succeeded');
  });

  it('stops a conversion that outlives its deadline, as a refusal rather than an error', async () => {
    const { bytes } = await docx(paragraph('Anna: hello'));
    expect(await readDocx({ source: { bytes }, size: bytes.length, textLimitBytes: 2 * MB }, 1)).toMatchObject({
      ok: false,
      tooLarge: true,
      reason: expect.stringMatching(/^conversion_too_long/),
    });
    expect(await readDocx({ source: { bytes }, size: bytes.length, textLimitBytes: 2 * MB })).toEqual({
      ok: true,
      text: 'Anna: hello\n\n',
    });
    expect(runningDocxConversions()).toBe(0);
  });

  it('refuses with 413 a resume that unpacks past the absolute limit while inside the ratio', async () => {
    const { xml, unpacked } = await expandingCall();
    // Three copies of the call in one package: ~90 MB unpacked from ~5 MB, 20× — the ratio alone would allow 500 MB.
    const triple = zip(
      [
        ['[Content_Types].xml', CONTENT_TYPES],
        ['word/document.xml', xml],
        ['word/copy-1.xml', xml],
        ['word/copy-2.xml', xml],
      ].map(([name, data]) => ({ name: name!, data: data! })),
    );
    expect(triple.length).toBeLessThan(10 * MB);
    expect((unpacked * 3) / triple.length).toBeLessThan(DOCX_LIMITS.maxRatio);
    expect(unpacked * 3).toBeGreaterThan(DOCX_LIMITS.maxUnpackedBytes);
    const response = await server.anonymous.post(
      '/api/leads/team-applications',
      resumeForm({ full_name: 'Zip Bomber', email: 'zip@bomb.example' }, { data: triple, name: 'cv.docx' }),
    );
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({ code: 'payload_too_large', field: 'resume' });
  });

  it('reads a résumé package from its spooled file the same way', async () => {
    const { bytes } = await docx(paragraph('Ada Lovelace'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-docx-')), 'cv.docx');
    fs.writeFileSync(file, bytes);
    expect(await readDocx({ source: { path: file }, size: bytes.length })).toEqual({ ok: true, text: null });
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
