import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { AppError } from '../../http/errors.ts';
import { checkResumeFile } from '../leads/resume-file.ts';

/** The contract's limit for a transcript, file or pasted text (docs/decisions/008). */
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024;

const TEXT_EXTENSIONS = new Set(['txt', 'vtt', 'srt']);

const unsupported = (why: string) =>
  new AppError('unsupported_media_type', `Send a .txt, .vtt, .srt or .docx transcript (${why})`, 'transcript');

/** Text that is what it claims: UTF-8, no NUL bytes (a binary file renamed .txt is refused). */
export function textOf(bytes: Buffer): string {
  if (bytes.includes(0)) throw unsupported('binary content');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupported('not UTF-8 text');
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * The transcript's text, judged by content rather than name: .txt/.vtt/.srt must be UTF-8 text,
 * .docx a real Word package (checked like a résumé: no zip bomb), whose text mammoth extracts.
 */
export async function transcriptTextOf(fileName: string, bytes: Buffer): Promise<string> {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (extension === 'docx') {
    const temp = path.join(os.tmpdir(), `nexa-transcript-${randomUUID()}.docx`);
    try {
      await fsp.writeFile(temp, bytes, { mode: 0o600 });
      const check = await checkResumeFile(temp, bytes.length);
      if (!check.ok || check.kind.extension !== 'docx') throw unsupported(check.ok ? 'not a .docx' : check.reason);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    try {
      const { value } = await mammoth.extractRawText({ buffer: bytes });
      return value;
    } catch {
      throw unsupported('unreadable .docx');
    }
  }
  if (!TEXT_EXTENSIONS.has(extension)) throw unsupported(`.${extension || '?'} files are not transcripts`);
  // Text has no magic number (WebVTT aside): anything else file-type recognises (PDF, image, zip) is not a transcript.
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && !TEXT_EXTENSIONS.has(detected.ext)) throw unsupported(`content is ${detected.mime}`);
  return textOf(bytes);
}
