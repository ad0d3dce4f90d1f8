import { fileTypeFromFile } from 'file-type';
import { readDocx } from '../../uploads/docx.ts';

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

/** `tooLarge`: a Word package that unpacks beyond the limits (a zip bomb), rather than the wrong kind of file. */
export type ResumeCheck = { ok: true; kind: ResumeKind } | { ok: false; tooLarge: boolean; reason: string };

/**
 * What the file is, judged by its content (never its name): PDF, an OLE compound file (.doc) or a
 * valid .docx package, checked with the same bounded reader as a transcript. Anything else — HTML,
 * an executable, a broken or inflated zip — is refused.
 */
export async function checkResumeFile(filePath: string, size: number): Promise<ResumeCheck> {
  const type = await fileTypeFromFile(filePath);
  if (!type) return { ok: false, tooLarge: false, reason: 'unknown content' };
  if (type.ext === 'pdf') return { ok: true, kind: PDF };
  if (type.ext === 'cfb') return { ok: true, kind: DOC };
  if (type.ext === 'docx' || type.ext === 'zip') {
    const outcome = await readDocx({ source: { path: filePath }, size });
    return outcome.ok ? { ok: true, kind: DOCX } : outcome;
  }
  return { ok: false, tooLarge: false, reason: `content is ${type.mime}` };
}
