import { guessSeller, TOPIC_PATTERNS } from './call-analyzer.ts';
import { speakerOf, type TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/**
 * What the risk rules and the coaching view read from a deal's stored call analyses. The shape of
 * a stored analysis may grow (better extraction); this file is the one place that reads it, and
 * it reads defensively: a field it does not find counts as absent, never as an error.
 */

/** What coaching counts as a call's boxes (topics raised and next steps agreed), read from any stored analysis shape. */
export const COACHING_BOXES = ['budget', 'timeline', 'decision', 'nextMeeting', 'nextSteps'] as const;
export type CoachingBox = (typeof COACHING_BOXES)[number];

/** A rival named in a call: the words prospects use for one, in English and French. */
const COMPETITOR = words(
  /\b(?:competitors?|competition|competing|concurrents?|concurrence|alternatives?|other vendors?|another vendor|autres? (?:fournisseurs?|éditeurs?|solutions?)|also (?:looking at|evaluating|talking to|considering)|(?:évaluons|regardons) aussi|comparing you|shortlist\w*|incumbent|gong|clari|chorus|outreach|salesloft)\b/,
);

/** A stored analysis as the database returns it: result and transcript lines are JSON. */
export interface StoredCallAnalysis {
  id: string;
  opportunityId: number;
  createdAt: string;
  result: unknown;
  /** "Speaker: text" per line (line n is index n − 1), or null when only the analysis was sent. */
  transcriptLines: unknown;
}

export interface CitedLine {
  analysisId: string;
  opportunityId: number;
  line: number;
  text: string;
}

export interface CallReading {
  analysisId: string;
  opportunityId: number;
  createdAt: string;
  technicalScore: number | null;
  commercialScore: number | null;
  /** Whether the call filled each box, and the lines that did. */
  filled: Record<CoachingBox, boolean>;
  boxes: Record<CoachingBox, CitedLine[]>;
  competitorLines: CitedLine[];
  /** Prospect-side speakers, each with the first line they speak. */
  prospects: CitedLine[];
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const score = (value: unknown): number | null => {
  const n = record(value).score;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const lineNumbers = (value: unknown): number[] =>
  list(record(value).lines).filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);

/** The transcript's lines, or, without a transcript, the analysis's cited points as stand-ins. */
function linesOf(analysis: StoredCallAnalysis): TranscriptLine[] {
  const stored = list(analysis.transcriptLines).filter((l): l is string => typeof l === 'string');
  if (stored.length) return stored.map((text, i) => ({ number: i + 1, ...speakerOf(text) }));
  const result = record(analysis.result);
  return (
    [...list(result.commercialPoints), ...list(result.nextSteps)]
      .map((point) => ({ text: record(point).text, line: lineNumbers(point)[0] }))
      .filter((p): p is { text: string; line: number } => typeof p.text === 'string' && p.line !== undefined)
      // A point's text is the analysis's words, not a speaker's turn.
      .map((p) => ({ number: p.line, speaker: null, text: p.text }))
  );
}

/** Reads one stored analysis: scores, which boxes it filled (with the lines), rivals and prospects named. */
export function readCallAnalysis(analysis: StoredCallAnalysis): CallReading {
  const result = record(analysis.result);
  const lines = linesOf(analysis);
  const byNumber = new Map(lines.map((l) => [l.number, l]));
  const cite = (l: TranscriptLine): CitedLine => ({
    analysisId: analysis.id,
    opportunityId: analysis.opportunityId,
    line: l.number,
    text: l.speaker ? `${l.speaker}: ${l.text}` : l.text,
  });
  const citeNumbers = (numbers: number[]) =>
    numbers
      .map((n) => byNumber.get(n))
      .filter((l): l is TranscriptLine => Boolean(l))
      .map(cite);
  const matching = (pattern: RegExp) =>
    lines
      .filter((l) => pattern.test(l.text))
      .slice(0, 5)
      .map(cite);

  const meeting = result.nextMeeting ? lineNumbers(result.nextMeeting) : [];
  const steps = list(result.nextSteps).flatMap(lineNumbers);
  const seller = guessSeller(lines);
  const boxes: Record<CoachingBox, CitedLine[]> = {
    budget: matching(TOPIC_PATTERNS.budget),
    timeline: matching(TOPIC_PATTERNS.timeline),
    decision: matching(TOPIC_PATTERNS.decision),
    nextMeeting: citeNumbers(meeting).slice(0, 3),
    nextSteps: citeNumbers(steps).slice(0, 3),
  };
  const prospects = new Map<string, TranscriptLine>();
  for (const line of lines) {
    if (line.speaker && line.speaker !== seller && !prospects.has(line.speaker)) prospects.set(line.speaker, line);
  }
  return {
    analysisId: analysis.id,
    opportunityId: analysis.opportunityId,
    createdAt: analysis.createdAt,
    technicalScore: score(result.technicalScore),
    commercialScore: score(result.commercialScore),
    // A meeting or steps the analysis found count even when their line is not in the transcript.
    filled: {
      budget: boxes.budget.length > 0,
      timeline: boxes.timeline.length > 0,
      decision: boxes.decision.length > 0,
      nextMeeting: Boolean(result.nextMeeting),
      nextSteps: list(result.nextSteps).length > 0,
    },
    boxes,
    competitorLines: matching(COMPETITOR),
    prospects: [...prospects.values()].map(cite),
  };
}
