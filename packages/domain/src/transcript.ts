/**
 * Call transcripts as numbered lines (docs/decisions/008, 019): every citation is a 1-based index
 * into the array these functions return. The exports people have are read into one line model:
 * WebVTT (Zoom, Google Meet "Name: text" cues; Microsoft Teams `<v Name>` voices), SRT,
 * Otter/Fireflies/Teams-docx text ("Name  0:05" header, then the words), plain "Speaker: text"
 * and "[00:00:05] Sam (rep): text". A file in none of them is refused with the list.
 */

export type TranscriptFormat = 'txt' | 'vtt' | 'srt' | 'headed' | 'docx';

export const ACCEPTED_TRANSCRIPT_FORMATS =
  'WebVTT (Zoom, Google Meet, Microsoft Teams), SRT, Otter/Fireflies text ("Name  0:05" headers), .docx from Teams or Word, "Speaker: text" lines, "[00:00:05] Speaker (rep): text" lines';

export interface TranscriptLine {
  /** 1-based, the number citations use. */
  number: number;
  /** The speaker's name when the line names one ("Anna: …", `<v Anna>`, "Anna  0:05"). */
  speaker: string | null;
  /** A role label written beside the name: "rep" in "Sam (rep):", "Client" in "[Client] Dana:". */
  label?: string | null;
  /** Seconds from the start of the call, when the format says. */
  start?: number | null;
  /** Seconds at the end of the turn (VTT/SRT cues). */
  end?: number | null;
  text: string;
  /** 1-based line of the original file where the turn's words begin (a .docx: its paragraph). */
  source?: number;
  /** …and where they end (a turn merged from several cues or lines). */
  sourceEnd?: number;
}

/** A file in none of the accepted formats: the server answers 400 with ACCEPTED_TRANSCRIPT_FORMATS. */
export class TranscriptFormatError extends Error {
  constructor() {
    super(`unrecognised_transcript: accepted formats are ${ACCEPTED_TRANSCRIPT_FORMATS}`);
  }
}

/*
 * Every pattern below runs on text a stranger sends, so each stays linear in its input: no two
 * neighbouring quantifiers may match the same characters (`\s*[[(]?\s*` tries every split of a
 * run of spaces, `\s+([^>]+)` every split of a space run, `<c [^>]*` rescans to the end of the text
 * from every unclosed tag). Such a pattern held the analysis worker for minutes on 180 KB
 * (issue 33); transcript-linear.test.ts checks each reader grows linearly, and
 * `npm run bench transcript` times it at the upload limit.
 */
const TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
const TIMESTAMP = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})`);
const CUE_NUMBER = /^\s*\d+\s*$/;
/**
 * A speaker's name: a letter, then at most 48 letters, digits, spaces and . ' ’ -, ending on a
 * non-space (the spaces after it are the next pattern's): a name free to end on any of the spaces
 * of a long run would rescan the rest of the run once per ending (49 times).
 */
const NAME = String.raw`\p{L}(?:[\p{L}\p{M}\p{N}.'’ -]{0,47}?[\p{L}\p{M}\p{N}.'’-])??`;
/**
 * A dial-in the meeting tool names by its number ("+1 415 555 0134", "(514) 555-0182"): a speaker
 * too (issue 34). At most 24 characters, ending on a digit, so it stays linear; speakerOf wants 7 digits.
 */
const PHONE = String.raw`\+?\(?\d[\d ().-]{4,22}\d`;
const SPEAKER_NAME = `${NAME}|${PHONE}`;
/**
 * The start of the next timed turn after each line (null after the last one), found once from the
 * end (a 2 MB call has 20,000 lines): a turn without an end lasts until then. Talk share and each
 * speaker's talk time both read it.
 */
export function nextTurnStarts(lines: readonly TranscriptLine[]): Array<number | null> {
  const next = new Array<number | null>(lines.length).fill(null);
  for (let i = lines.length - 2; i >= 0; i -= 1) next[i] = lines[i + 1]!.start ?? next[i + 1]!;
  return next;
}

/** "+1 415 555 0134": a name that is a phone number (at least 7 digits, nothing but digits and + ( ) . - and spaces). */
export const isPhoneName = (name: string) => /^[\d\s+().-]+$/.test(name) && (name.match(/\d/g)?.length ?? 0) >= 7;
/**
 * "Sam (rep): …", "Dana [Client] : …", "[Client] Dana: …" (the French space before the colon too).
 * The spaces after a label belong to the label's group: `\s*(label)?\s*:` would try every split of
 * a long run of spaces between the two `\s*`.
 */
const SPEAKER = new RegExp(
  String.raw`^\s*(?:\[([^\]\d][^\]]{0,30})\]\s*)?(${SPEAKER_NAME})\s*(?:[([]([^)\]]{1,40})[)\]]\s*)?:\s+(.+)$`,
  'u',
);
/** `<v Anna>`: the name starts at its first non-space and stops at the next `<`, so an unclosed voice is read once. */
const VOICE = /<v(?:\.[\w.-]+)?\s+([^\s<>][^<>]*)>/;
/** "[00:01:02] Anna: …" or "(00:01) " prefixes some recorders add. */
const INLINE_TIME = new RegExp(String.raw`^\s*(?:[[(]\s*)?(${TIME})\s*(?:[\])]\s*)?(?:[-–]\s*)?`);
/** Otter, Fireflies and Teams' .docx: "Sam Lee  0:05", "Sam Lee - 00:00:05", "Speaker 1  1:02:03". */
const HEADER = new RegExp(
  String.raw`^\s*(${SPEAKER_NAME})(?:\s*[([]([^)\]]{1,40})[)\]])?(?:\s{2,}|\s+[-–|]\s+|\t+)(${TIME})\s*$`,
  'u',
);

/** "01:02:03.500" → 3723.5 seconds. */
export function secondsOf(time: string): number {
  const parts = time.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function detectTranscriptFormat(raw: string, fileName?: string | null): TranscriptFormat {
  const head = raw.replace(/^\uFEFF/, '').trimStart();
  if (/^WEBVTT\b/.test(head)) return 'vtt';
  const ext = fileName?.toLowerCase().split('.').pop();
  // A name ending in .vtt or .srt whose text holds no cue timing is no subtitle file: an earlier
  // analysis's stored lines ("Name: text") re-run under the upload's name read as the lines they are.
  const cues = head.includes('-->');
  if (ext === 'vtt' && cues) return 'vtt';
  // A cue number, whitespace holding a line break, a time: `[^\S\n]*\n\s*`, not `\s*\r?\n\s*`,
  // which tries every split of a run of blank lines (2.7 s for 20,000 of them).
  if ((ext === 'srt' && cues) || /^\d+[^\S\n]*\n\s*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->/.test(head)) return 'srt';
  // Splitting on a string is several times faster than on a pattern, which 2 MB of blank lines feel.
  const lines = (head.includes('\r') ? head.split(/\r?\n/) : head.split('\n')).filter((l) => l.trim());
  const headers = lines.filter((l) => HEADER.test(l) && !SPEAKER.test(l)).length;
  // Headed text alternates a header and its words: many headers, none of them "Name: text".
  if (headers >= 2 && headers * 4 >= lines.length) return ext === 'docx' ? 'docx' : 'headed';
  return ext === 'docx' ? 'docx' : 'txt';
}

/** WebVTT tags and entities gone, spaces collapsed (not trimmed). Runs once per line, so plain lines skip the tag passes. */
function cleanPiece(text: string): string {
  let out = text;
  if (out.includes('<')) {
    out = out
      // A tag's annotation stops at the next `<`: `[^>]*` would rescan to the end from every unclosed `<c `.
      .replace(/<\/?(?:c|i|b|u|lang|ruby|rt)(?:\.[\w.-]+)?(?:\s[^<>]*)?>/g, '')
      .replace(/<\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}>/g, '')
      .replace(/<\/v>/g, '');
  }
  if (out.includes('&')) {
    out = out
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ');
  }
  return out.replace(/\s+/g, ' ');
}

/** Lines and cues longer than this are cleaned a window at a time. */
export const CLEAN_WINDOW = 8_192;

/**
 * Where to end a window of `text` that starts at `start` and may reach `end`: just before the last
 * `<` after `start` (no tag pattern holds a `<` but its first, so none is cut), or, in a window
 * without one, before an `&` among the last 8 characters (an entity is at most 6 long).
 */
function windowEnd(text: string, start: number, end: number): number {
  for (let i = end; i > start; i -= 1) if (text.charCodeAt(i) === 60 /* < */) return i;
  for (let i = end; i > Math.max(start, end - 8); i -= 1) if (text.charCodeAt(i) === 38 /* & */) return i;
  return end;
}

/**
 * A cue's or line's words: WebVTT tags and entities gone, spaces collapsed. A line of megabytes (one
 * cue of 600,000 unclosed tags) is no speech turn, and replacing in it whole made hundreds of
 * thousands of small strings the garbage collector paid for more than linearly (0.4–0.7 s for 2 MB);
 * cleaned in windows that never cut a tag or an entity, then joined, the words are the same.
 */
export function cleanTranscriptText(text: string): string {
  if (text.length <= CLEAN_WINDOW) return cleanPiece(text).trim();
  const pieces: string[] = [];
  let spaceBefore = false;
  for (let start = 0; start < text.length;) {
    const end = start + CLEAN_WINDOW >= text.length ? text.length : windowEnd(text, start, start + CLEAN_WINDOW);
    let piece = cleanPiece(text.slice(start, end));
    // A run of spaces cut in two collapses to one space, as it would whole.
    if (spaceBefore && piece.startsWith(' ')) piece = piece.slice(1);
    if (piece) {
      pieces.push(piece);
      spaceBefore = piece.endsWith(' ');
    }
    start = end;
  }
  return pieces.join('').trim();
}

type Entry = Omit<TranscriptLine, 'number'>;

export function speakerOf(text: string): Pick<TranscriptLine, 'speaker' | 'label' | 'text'> {
  const match = SPEAKER.exec(text);
  if (!match) return { speaker: null, label: null, text };
  const speaker = match[2]!.trim();
  // "Note: …" or a long sentence with a colon is not a speaker turn.
  if (speaker.split(/\s+/).length > 4 && !isPhoneName(speaker)) return { speaker: null, label: null, text };
  // "10 000.00: …" is no dial-in: a number-only name needs a phone's digits.
  if (/^[\d\s+().-]+$/.test(speaker) && !isPhoneName(speaker)) return { speaker: null, label: null, text };
  const label = (match[1] ?? match[3])?.trim() || null;
  // "Boardroom (2)": a meeting tool's number for a second device of the same name is part of the name.
  if (label && /^\d+$/.test(label)) return { speaker: `${speaker} (${label})`, label: null, text: match[4]!.trim() };
  return { speaker, label, text: match[4]!.trim() };
}

/** Cue text of a VTT/SRT file: one entry per cue, its lines joined; a `<v Name>` voice becomes the speaker. */
function cueEntries(lines: string[], format: 'vtt' | 'srt'): Entry[] {
  const out: Entry[] = [];
  let i = 0;
  while (i < lines.length) {
    // A block: consecutive non-blank lines.
    while (i < lines.length && !lines[i]!.trim()) i += 1;
    const start = i;
    while (i < lines.length && lines[i]!.trim()) i += 1;
    const block = lines.slice(start, i);
    if (!block.length) continue;
    if (format === 'vtt' && /^(?:WEBVTT|NOTE|STYLE|REGION)\b/.test(block[0]!.trim())) continue;
    const timeAt = block.findIndex((line) => TIMESTAMP.test(line));
    if (timeAt < 0) continue;
    const times = TIMESTAMP.exec(block[timeAt]!)!;
    const body = block.slice(timeAt + 1).filter((line) => !CUE_NUMBER.test(line) && !TIMESTAMP.test(line));
    if (!body.length) continue;
    let speaker: string | null = null;
    const joined = body
      .map((line) => {
        const voice = VOICE.exec(line);
        if (voice) speaker = cleanTranscriptText(voice[1]!);
        return line.replace(VOICE, '');
      })
      .join(' ');
    const text = cleanTranscriptText(joined);
    if (!text) continue;
    const where = {
      start: secondsOf(times[1]!),
      end: secondsOf(times[2]!),
      source: start + timeAt + 2,
      sourceEnd: start + block.length,
    };
    if (speaker) out.push({ ...where, ...speakerOf(`${speaker as string}: ${text}`) });
    else out.push({ ...where, ...speakerOf(text) });
  }
  return out;
}

/** "Name  0:05" headers, each followed by the turn's words on the lines below. */
function headedEntries(lines: string[]): Entry[] {
  const out: Entry[] = [];
  let current: Entry | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const found = SPEAKER.test(line) ? null : HEADER.exec(line);
    // A number-only name is a header only when it is a phone's (a dial-in), not "2026  0:05".
    const header = found && (!/^[\d\s+().-]+$/.test(found[1]!) || isPhoneName(found[1]!.trim())) ? found : null;
    if (header) {
      if (current?.text) out.push(current);
      const label = header[2]?.trim() || null;
      const numbered = label !== null && /^\d+$/.test(label);
      current = {
        speaker: numbered ? `${header[1]!.trim()} (${label})` : header[1]!.trim(),
        label: numbered ? null : label,
        start: secondsOf(header[3]!),
        text: '',
      };
      return;
    }
    const text = cleanTranscriptText(line);
    if (!text) return;
    if (!current) {
      out.push({ ...speakerOf(text), source: i + 1, sourceEnd: i + 1 });
      return;
    }
    const turn: Entry = current;
    turn.text = turn.text ? `${turn.text} ${text}` : text;
    turn.source ??= i + 1;
    turn.sourceEnd = i + 1;
  });
  if ((current as Entry | null)?.text) out.push(current!);
  return out;
}

function textEntries(lines: string[]): Entry[] {
  const out: Entry[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const time = INLINE_TIME.exec(raw);
    const text = cleanTranscriptText(time ? raw.slice(time[0].length) : raw);
    if (!text) return;
    out.push({ ...speakerOf(text), start: time ? secondsOf(time[1]!) : null, source: i + 1, sourceEnd: i + 1 });
  });
  return out;
}

function mergeCues(entries: Entry[]): Entry[] {
  const merged: Entry[] = [];
  for (const cue of entries) {
    const last = merged[merged.length - 1];
    if (last && cue.speaker && last.speaker === cue.speaker && last.text.length + cue.text.length < 600) {
      last.text = `${last.text} ${cue.text}`;
      last.end = cue.end ?? last.end;
      last.sourceEnd = cue.sourceEnd;
    } else merged.push({ ...cue });
  }
  return merged;
}

/**
 * The transcript as numbered lines. Consecutive VTT/SRT cues of the same speaker are merged into
 * one line (subtitles cut sentences every few seconds); plain text keeps its own lines.
 */
export function parseTranscript(raw: string, fileName?: string | null): TranscriptLine[] {
  return read(raw, fileName).lines;
}

function read(raw: string, fileName?: string | null): { format: TranscriptFormat; lines: TranscriptLine[] } {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const format = detectTranscriptFormat(text, fileName);
  const lines = text.split('\n');
  let entries: Entry[];
  if (format === 'vtt' || format === 'srt') entries = mergeCues(cueEntries(lines, format));
  else if (format === 'headed' || (format === 'docx' && lines.some((l) => HEADER.test(l) && !SPEAKER.test(l))))
    entries = headedEntries(lines);
  else entries = textEntries(lines);
  const numbered = entries.map((entry, i) => ({
    number: i + 1,
    speaker: entry.speaker,
    label: entry.label ?? null,
    start: entry.start ?? null,
    end: entry.end ?? null,
    text: entry.text,
    source: entry.source ?? i + 1,
    sourceEnd: entry.sourceEnd ?? entry.source ?? i + 1,
  }));
  return { format, lines: numbered };
}

/**
 * parseTranscript, refusing a file in none of the formats: text where no line names a speaker and
 * that is not subtitles (a pasted e-mail, notes, a CSV) is not a call Nexa can attribute.
 */
export function parseTranscriptStrict(raw: string, fileName?: string | null): TranscriptLine[] {
  // The format the lines were read in (detecting it again on the raw text read a 2 MB file twice).
  const { format, lines } = read(raw, fileName);
  const subtitles = format === 'vtt' || format === 'srt';
  if (!lines.length) return lines;
  if (!subtitles && !lines.some((l) => l.speaker)) throw new TranscriptFormatError();
  return lines;
}

/** The stored form of a line ("Anna (rep): text"), as call_analyses.transcript_lines keeps it. */
export const lineText = (line: Pick<TranscriptLine, 'speaker' | 'label' | 'text'>) =>
  line.speaker ? `${line.speaker}${line.label ? ` (${line.label})` : ''}: ${line.text}` : line.text;

/** Back from stored lines to structured ones. */
export function linesFromStored(stored: readonly string[]): TranscriptLine[] {
  return stored.map((text, i) => ({
    number: i + 1,
    start: null,
    end: null,
    source: i + 1,
    sourceEnd: i + 1,
    ...speakerOf(text),
  }));
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

/** The numbered form sent to a model: "12 | Anna (rep): text". */
export const numberedText = (lines: readonly TranscriptLine[]) =>
  lines.map((line) => `${line.number} | ${lineText(line)}`).join('\n');
