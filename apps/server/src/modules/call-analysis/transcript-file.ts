import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { CallThreadLimitError } from '../../ai/call-thread.ts';
import { AppError } from '../../http/errors.ts';
import { readDocx } from '../../uploads/docx.ts';

/** The contract's limit for a transcript, file or pasted text (docs/decisions/008). */
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024;

const TEXT_EXTENSIONS = new Set(['txt', 'vtt', 'srt']);

/** 413 for a transcript over the limit, sent as it is or once a .docx is unpacked. */
export const transcriptTooLarge = (why = `at most ${TRANSCRIPT_MAX_BYTES} bytes`, field = 'transcript') =>
  new AppError('payload_too_large', `transcript_too_large: ${why}`, field);

/**
 * The transcript reader's worker gave up on this text (over its deadline or its memory): the text
 * is what made it so, and the sender is told with a 413 like any transcript too large to read.
 */
export function readingRefused(error: unknown, field = 'transcript'): AppError | null {
  if (!(error instanceof CallThreadLimitError)) return null;
  return transcriptTooLarge(`reading_${error.reason}: the transcript ${error.message}`, field);
}

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
 * .docx a real Word package whose text is read in a worker thread, bounded while it is extracted:
 * the 2 MB limit holds for what the file expands to, not only for what was uploaded.
 */
export async function transcriptTextOf(fileName: string, bytes: Buffer): Promise<string> {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  const detected = await fileTypeFromBuffer(bytes);
  if (extension === 'docx') {
    if (detected?.ext !== 'docx' && detected?.ext !== 'zip') throw unsupported('not a .docx');
    const outcome = await readDocx({ source: { bytes }, size: bytes.length, textLimitBytes: TRANSCRIPT_MAX_BYTES });
    if (outcome.ok) return outcome.text!;
    if (outcome.tooLarge) throw transcriptTooLarge(outcome.reason);
    throw unsupported(outcome.reason);
  }
  if (!TEXT_EXTENSIONS.has(extension)) throw unsupported(`.${extension || '?'} files are not transcripts`);
  // Text has no magic number (WebVTT aside): anything else file-type recognises (PDF, image, zip) is not a transcript.
  if (detected && !TEXT_EXTENSIONS.has(detected.ext)) throw unsupported(`content is ${detected.mime}`);
  return textOf(bytes);
}
