/**
 * Parsers for the AI call analysis stored on an opportunity. Real LLM output
 * is messy: bold markers, "Here are the key points:" preambles, "Response:" labels, numbering
 * styles that drift. These functions turn it into points and Q&A pairs, or say there are none.
 */

export interface CommercialPoint {
  number: number;
  title: string;
  text: string;
}

export interface QaPair {
  question: string;
  response: string;
}

const PREAMBLE =
  /^(?:sure[,!.]?|certainly[,!.]?|of course[,!.]?|here (?:is|are)\b|below (?:is|are)\b|based on (?:the|this)\b|voici\b|ci-dessous\b|d'après\b|bien sûr\b)[^\n]*$/i;
const RESPONSE_LABEL = /^\s*(?:response|answer|réponse|reponse)\s*:\s*/i;
/*
 * These readers run on text anyone can store in a deal (and in the browser that shows it), so each
 * pattern stays linear: the text after a marker starts at its first non-space (`\s*(.+)$` tried
 * every split of a run of spaces when the line held a U+2028), a label's digits and spaces cannot
 * be split two ways (`\s*\d*\s*:`), and a run of blank lines is read once when looking for headings.
 * transcript-linear.test.ts checks that they stay linear; `npm run bench transcript` times them at 1 MB.
 */
/** What follows a marker: from its first non-space to the end, or the one space a blank rest leaves (as `\s*(.+)$` read it). */
const REST = String.raw`(\S.*|[^\S\u2028\u2029])$`;
const NUMBERED = new RegExp(String.raw`^\s*(\d{1,3})\s*[-–—.)]\s*${REST}`);
const BULLET = new RegExp(String.raw`^\s*[-•*]\s+${REST}`);

/** Removes markdown emphasis and headings that LLMs add around titles. */
export function stripMarkup(text: string): string {
  return withoutHeadings(text.replace(/\*\*|__/g, '')).replace(/`/g, '');
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
/** Where `^` matches in a multiline pattern: after any line terminator. */
const LINE_END = /[\n\r\u2028\u2029]/;

/**
 * What `text.replace(/^\s*#{1,6}\s+/gm, '')` gives: from each line start, spaces and blank lines,
 * one to six `#`, then spaces. That pattern scanned a run of blank lines again from each of its
 * lines (quadratic); here the run's end is found once and shared by the lines inside it.
 */
function withoutHeadings(text: string): string {
  let out = '';
  let copied = 0;
  let runStart = -1;
  let runEnd = -1;
  for (let p = 0; p < text.length;) {
    if (p === 0 || LINE_END.test(text[p - 1]!)) {
      if (p < runStart || p >= runEnd) {
        runStart = p;
        runEnd = p;
        while (isSpace(text[runEnd])) runEnd += 1;
      }
      let hashes = 0;
      while (hashes <= 6 && text[runEnd + hashes] === '#') hashes += 1;
      if (hashes >= 1 && hashes <= 6 && isSpace(text[runEnd + hashes])) {
        let end = runEnd + hashes;
        while (isSpace(text[end])) end += 1;
        out += text.slice(copied, p);
        copied = end;
        p = end;
        continue;
      }
    }
    p += 1;
  }
  return out + text.slice(copied);
}

function cleanLines(text: string | null | undefined): string[] {
  if (!text) return [];
  return stripMarkup(text.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((line) => line.replace(RESPONSE_LABEL, '').trimEnd())
    .filter((line) => !PREAMBLE.test(line.trim()));
}

function splitTitle(body: string): { title: string; text: string } {
  const colon = body.indexOf(':');
  // A colon late in a long sentence is punctuation, not a title separator.
  if (colon > 0 && colon <= 80) {
    return { title: body.slice(0, colon).trim(), text: body.slice(colon + 1).trim() };
  }
  return { title: '', text: body.trim() };
}

/**
 * Numbered points "1- Title: text" (also "1.", "1)", en dash), continuation lines joined to
 * their point. Fallbacks: bullet lines, then paragraphs.
 */
export function parseCommercialPoints(raw: string | null | undefined): CommercialPoint[] {
  const lines = cleanLines(raw);
  const numbered: CommercialPoint[] = [];
  for (const line of lines) {
    const match = NUMBERED.exec(line);
    if (match) {
      numbered.push({ number: Number(match[1]), ...splitTitle(match[2]!) });
    } else if (numbered.length && line.trim()) {
      const last = numbered[numbered.length - 1]!;
      last.text = `${last.text} ${line.trim()}`.trim();
    }
  }
  if (numbered.length) return numbered.filter((p) => p.title || p.text);

  const bullets = lines.map((l) => BULLET.exec(l)?.[1]).filter((b): b is string => Boolean(b));
  if (bullets.length) return bullets.map((b, i) => ({ number: i + 1, ...splitTitle(b) }));

  const paragraphs = lines
    .join('\n')
    .split(/\n\s*\n/)
    // A paragraph's lines joined with one space (a paragraph holds no blank line).
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .join(' ')
        .trim(),
    )
    .filter(Boolean);
  return paragraphs.map((p, i) => ({ number: i + 1, ...splitTitle(p) }));
}

const QUESTION_LABEL = /^\s*(?:\d+\s*[-.)]\s*)?(?:question|q)\s*(?:\d+\s*)?:\s*/i;
const ANSWER_LABEL = /^\s*(?:response|answer|réponse|reponse|a)\s*(?:\d+\s*)?:\s*/i;

function labelledPairs(lines: string[]): QaPair[] {
  const pairs: QaPair[] = [];
  let current: { question: string; response: string | null } | null = null;
  const flush = () => {
    if (current && current.question && current.response) pairs.push({ question: current.question, response: current.response });
  };
  for (const line of lines) {
    if (QUESTION_LABEL.test(line)) {
      flush();
      current = { question: line.replace(QUESTION_LABEL, '').trim(), response: null };
    } else if (current && ANSWER_LABEL.test(line)) {
      current.response = line.replace(ANSWER_LABEL, '').trim();
    } else if (current && line.trim()) {
      if (current.response === null) current.question = `${current.question} ${line.trim()}`.trim();
      else current.response = `${current.response} ${line.trim()}`.trim();
    }
  }
  flush();
  return pairs;
}

/** Lines ending in "?" are questions; the lines after them, up to the next question, the answer. */
function questionMarkPairs(lines: string[]): QaPair[] {
  const pairs: QaPair[] = [];
  let question: string | null = null;
  let response: string[] = [];
  const flush = () => {
    if (question && response.length) pairs.push({ question, response: response.join(' ') });
  };
  for (const raw of lines) {
    const line = raw
      .replace(QUESTION_LABEL, '')
      .replace(ANSWER_LABEL, '')
      .replace(/^\s*[-•*]\s+/, '')
      .trim();
    if (!line) continue;
    if (line.endsWith('?')) {
      flush();
      question = line;
      response = [];
    } else if (question) {
      response.push(line);
    }
  }
  flush();
  return pairs;
}

/** "Question:" / "Response:" pairs; when fewer than 5 are found, the question-mark reading is tried too. */
export function parseTechnicalQa(raw: string | null | undefined): QaPair[] {
  if (!raw) return [];
  const lines = stripMarkup(raw.replace(/\r\n?/g, '\n')).split('\n');
  const labelled = labelledPairs(lines);
  if (labelled.length >= 5) return labelled;
  const fallback = questionMarkPairs(lines);
  return fallback.length > labelled.length ? fallback : labelled;
}
