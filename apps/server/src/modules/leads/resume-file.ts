import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';

export interface ResumeKind {
  extension: 'pdf' | 'doc' | 'docx';
  contentType: string;
}

const PDF: ResumeKind = { extension: 'pdf', contentType: 'application/pdf' };
const DOC: ResumeKind = { extension: 'doc', contentType: 'application/msword' };
const DOCX: ResumeKind = {
  extension: 'docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A real Word document compresses text a few times over; beyond these it is a zip bomb or not a resume. */
export const DOCX_LIMITS = { maxRatio: 100, maxUnpackedBytes: 200 * 1024 * 1024, maxEntries: 5_000 };

export type ResumeCheck = { ok: true; kind: ResumeKind } | { ok: false; reason: string };

/**
 * What the file is, judged by its content (never its name): PDF, an OLE compound file (.doc) or a
 * valid .docx package. Anything else — HTML, an executable, a broken or inflated zip — is refused.
 */
export async function checkResumeFile(filePath: string, size: number): Promise<ResumeCheck> {
  const type = await fileTypeFromFile(filePath);
  if (!type) return { ok: false, reason: 'unknown content' };
  if (type.ext === 'pdf') return { ok: true, kind: PDF };
  if (type.ext === 'cfb') return { ok: true, kind: DOC };
  if (type.ext === 'docx' || type.ext === 'zip') {
    const problem = await docxProblem(filePath, size);
    return problem ? { ok: false, reason: problem } : { ok: true, kind: DOCX };
  }
  return { ok: false, reason: `content is ${type.mime}` };
}

/** Reads the package's directory, then inflates every entry with a running cap: a lying header cannot pass. */
function docxProblem(filePath: string, size: number): Promise<string | null> {
  const cap = Math.min(DOCX_LIMITS.maxUnpackedBytes, Math.max(size, 1) * DOCX_LIMITS.maxRatio);
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (openError, zip) => {
      if (openError || !zip) return resolve('not a zip package');
      let entries = 0;
      let unpacked = 0;
      let hasContentTypes = false;
      let hasWord = false;
      let settled = false;
      const finish = (problem: string | null) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(problem);
      };
      zip.on('error', () => finish('broken zip package'));
      zip.on('end', () => {
        if (!hasContentTypes || !hasWord) return finish('zip without [Content_Types].xml and word/ entries');
        finish(null);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > DOCX_LIMITS.maxEntries) return finish('too many entries');
        if (entry.fileName === '[Content_Types].xml') hasContentTypes = true;
        if (entry.fileName.startsWith('word/')) hasWord = true;
        if (unpacked + entry.uncompressedSize > cap) return finish('unpacked size out of proportion');
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish('unreadable entry');
          stream.on('data', (chunk: Buffer) => {
            unpacked += chunk.length;
            if (unpacked > cap) {
              stream.destroy();
              finish('unpacked size out of proportion');
            }
          });
          stream.on('error', () => finish('corrupt entry'));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
