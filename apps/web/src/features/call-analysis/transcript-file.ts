import { currentLanguage } from '../../lib/i18n.ts';

/** The server checks again by content (decision 008); this check only spares the rep a useless upload. */
export const TRANSCRIPT_EXTENSIONS = ['.txt', '.vtt', '.srt', '.docx'] as const;
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024;

export type TranscriptFileProblem = 'fileType' | 'fileSize' | 'fileEmpty';

export function checkTranscriptFile(file: { name: string; size: number }): TranscriptFileProblem | null {
  const name = file.name.toLowerCase();
  if (!TRANSCRIPT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'fileType';
  if (file.size > TRANSCRIPT_MAX_BYTES) return 'fileSize';
  if (file.size === 0) return 'fileEmpty';
  return null;
}

/** UTF-8 bytes of pasted text: the 2 MB limit counts bytes, not characters. */
export const textBytes = (text: string) => new TextEncoder().encode(text).length;

export function formatFileSize(bytes: number): string {
  const locale = currentLanguage() === 'fr' ? 'fr-FR' : 'en-US';
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(1, bytes / 1024), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
