/**
 * Characters an uploaded file's name loses before it is stored and shown: C0 and C1 controls, DEL,
 * the double quote (it would end a Content-Disposition value), and the bidirectional controls
 * (LRE…RLO, LRI…PDI, LRM/RLM, ALM) that make "cv\u202Efdp.exe" display as "cvexe.pdf".
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The longest name kept; the end is kept because it carries the extension. */
export const FILE_NAME_MAX_LENGTH = 200;

/**
 * An uploaded file's name as the person named it, reduced to something only ever shown, never used
 * as a path: its last path segment (either slash), without unsafe characters, at most 200
 * characters. Empty when nothing is left; the caller chooses the fallback.
 */
export function cleanFileName(name: string): string {
  const last = name.replaceAll('\\', '/').split('/').filter(Boolean).pop() ?? '';
  return Array.from(last.replace(UNSAFE_IN_NAME, '')).slice(-FILE_NAME_MAX_LENGTH).join('');
}
