/**
 * Call transcripts as numbered lines (docs/decisions/008): every citation is a 1-based index into
 * the array these functions return. Plain text ("Speaker: text"), WebVTT (with `<v Name>` voices)
 * and SRT are read the same way: cue numbers, timestamps, headers and styling are dropped.
 */

export type TranscriptFormat = 'txt' | 'vtt' | 'srt';

export interface TranscriptLine {
  /** 1-based, the number citations use. */
  number: number;
  /** The speaker's name when the line names one ("Anna: …" or `<v Anna>`). */
  speaker: string | null;
  text: string;
}

const TIMESTAMP = /^\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?\s*-->\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?/;
const CUE_NUMBER = /^\s*\d+\s*$/;
const SPEAKER = /^\s*([\p{L}][\p{L}\p{M}.'’ -]{0,48}?(?:\s*\([^)]{1,40}\))?)\s*:\s+(.+)$/u;
const VOICE = /<v(?:\.[\w.-]+)?\s+([^>]+)>/;
/** "[00:01:02] Anna: …" or "(00:01) " prefixes some recorders add. */
const INLINE_TIME = /^\s*[[(]?\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?\s*[\])]?\s*[-–]?\s*/;

export function detectTranscriptFormat(raw: string, fileName?: string | null): TranscriptFormat {
  const head = raw.replace(/^\uFEFF/, '').trimStart();
  if (/^WEBVTT\b/.test(head)) return 'vtt';
  const ext = fileName?.toLowerCase().split('.').pop();
  if (ext === 'vtt') return 'vtt';
  if (ext === 'srt' || /^\d+\s*\r?\n\s*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->/.test(head)) return 'srt';
  return 'txt';
}

const clean = (text: string) =>
  text
    .replace(/<\/?(?:c|i|b|u|lang|ruby|rt)(?:\.[\w.-]+)?(?:\s[^>]*)?>/g, '')
    .replace(/<\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}>/g, '')
    .replace(/<\/v>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function speakerOf(text: string): { speaker: string | null; text: string } {
  const match = SPEAKER.exec(text);
  if (!match) return { speaker: null, text };
  const speaker = match[1]!.trim();
  // "Note: …" or a long sentence with a colon is not a speaker turn.
  if (
    speaker
      .replace(/\(.*\)/, '')
      .trim()
      .split(/\s+/).length > 4
  )
    return { speaker: null, text };
  return { speaker, text: match[2]!.trim() };
}

/** Cue text of a VTT/SRT file: one entry per cue, its lines joined; a `<v Name>` voice becomes the speaker. */
function cueTexts(raw: string, format: 'vtt' | 'srt'): Array<{ speaker: string | null; text: string }> {
  const blocks = raw.split(/\n\s*\n/);
  const out: Array<{ speaker: string | null; text: string }> = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const first = lines[0]?.trim() ?? '';
    if (format === 'vtt' && /^(?:WEBVTT|NOTE|STYLE|REGION)\b/.test(first)) continue;
    const timeAt = lines.findIndex((line) => TIMESTAMP.test(line));
    if (timeAt < 0) continue;
    const body = lines.slice(timeAt + 1).filter((line) => line.trim() && !CUE_NUMBER.test(line) && !TIMESTAMP.test(line));
    if (!body.length) continue;
    let speaker: string | null = null;
    const joined = body
      .map((line) => {
        const voice = VOICE.exec(line);
        if (voice) speaker = clean(voice[1]!);
        return line.replace(VOICE, '');
      })
      .join(' ');
    const text = clean(joined);
    if (!text) continue;
    if (speaker) out.push({ speaker, text });
    else out.push(speakerOf(text));
  }
  return out;
}

/**
 * The transcript as numbered lines. Consecutive VTT/SRT cues of the same speaker are merged into
 * one line (subtitles cut sentences every few seconds); plain text keeps its own lines.
 */
export function parseTranscript(raw: string, fileName?: string | null): TranscriptLine[] {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const format = detectTranscriptFormat(text, fileName);
  let entries: Array<{ speaker: string | null; text: string }>;
  if (format === 'txt') {
    entries = text
      .split('\n')
      .map((line) => clean(line.replace(INLINE_TIME, '')))
      .filter(Boolean)
      .map(speakerOf);
  } else {
    entries = [];
    for (const cue of cueTexts(text, format)) {
      const last = entries[entries.length - 1];
      if (last && cue.speaker && last.speaker === cue.speaker && last.text.length + cue.text.length < 600) {
        last.text = `${last.text} ${cue.text}`;
      } else entries.push({ ...cue });
    }
  }
  return entries.map((entry, i) => ({ number: i + 1, speaker: entry.speaker, text: entry.text }));
}

/** The stored form of a line ("Anna: text"), as call_analyses.transcript_lines keeps it. */
export const lineText = (line: TranscriptLine) => (line.speaker ? `${line.speaker}: ${line.text}` : line.text);

/** Back from stored lines to structured ones. */
export function linesFromStored(stored: readonly string[]): TranscriptLine[] {
  return stored.map((text, i) => ({ number: i + 1, ...speakerOf(text) }));
}

export interface TranscriptChunk {
  /** Global line numbers are kept: the chunk's first line is lines[0].number. */
  lines: TranscriptLine[];
  index: number;
}

/**
 * Splits a transcript into chunks of at most maxChars (a line is never cut), each beginning with
 * `overlap` lines of the previous chunk so a question and its answer are not separated. Merging
 * (mergeCallAnalyses) removes what the overlap makes appear twice.
 */
export function chunkTranscript(lines: readonly TranscriptLine[], maxChars = 12_000, overlap = 2): TranscriptChunk[] {
  const chunks: TranscriptChunk[] = [];
  let start = 0;
  while (start < lines.length) {
    let size = 0;
    let end = start;
    while (end < lines.length && (end === start || size + lines[end]!.text.length + 12 <= maxChars)) {
      size += lines[end]!.text.length + 12 + (lines[end]!.speaker?.length ?? 0);
      end += 1;
    }
    chunks.push({ lines: lines.slice(start, end), index: chunks.length });
    if (end >= lines.length) break;
    start = Math.max(start + 1, end - overlap);
  }
  return chunks;
}

/** The numbered form sent to a model: "12 | Anna: text". */
export const numberedText = (lines: readonly TranscriptLine[]) =>
  lines.map((line) => `${line.number} | ${lineText(line)}`).join('\n');
