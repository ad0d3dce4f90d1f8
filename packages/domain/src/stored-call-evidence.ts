import { guessSeller } from './call-analyzer.ts';
import { qualifyCall } from './call-qualification.ts';
import {
  LEGACY_QUALIFICATION_BOXES,
  migrateQualification,
  QUALIFICATION_BOXES,
  type QualificationBox,
} from './schemas/call-insights.ts';
import { speakerOf, type TranscriptLine } from './transcript.ts';

/**
 * What the risk rules and the coaching view read from a deal's stored call analyses. The shape of
 * a stored analysis may grow (better extraction); this file is the one place that reads it, and
 * it reads defensively: a field it does not find counts as absent, never as an error.
 */

/**
 * What coaching counts as a call's boxes: the analysis's qualification checklist (the same one
 * its score and feedback read, call-qualification.ts), then the next meeting and next steps.
 */
export const COACHING_BOXES = [...QUALIFICATION_BOXES, 'nextMeeting', 'nextSteps'] as const;
export type CoachingBox = (typeof COACHING_BOXES)[number];

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
  const meeting = result.nextMeeting ? lineNumbers(result.nextMeeting) : [];
  const steps = list(result.nextSteps).flatMap(lineNumbers);
  const seller = guessSeller(lines);

  // The checklist the analysis carries is what its score and feedback said: coaching reads it as
  // is (an old analysis's authority and need under their MEDDICC names). A box the analysis never
  // had (stored before MEDDICC, or sent without a checklist) is read from the transcript by the
  // same rules; without a transcript, from the analysis's cited points.
  const stored = 'qualification' in result ? record(migrateQualification(result.qualification)) : {};
  const had = 'qualification' in result ? record(result.qualification) : {};
  const known = (box: QualificationBox) =>
    box in had || Object.entries(LEGACY_QUALIFICATION_BOXES).some(([old, now]) => now === box && old in had);
  const reread = QUALIFICATION_BOXES.some((box) => !known(box))
    ? qualifyCall(lines, (l) => (l.speaker && l.speaker === seller ? 'rep' : 'prospect'))
    : null;
  const checklistLines = (box: QualificationBox): CitedLine[] => {
    if (known(box)) {
      const value = record(stored[box]);
      return value.ticked === true ? citeNumbers(lineNumbers(value)).slice(0, 3) : [];
    }
    const found = reread?.[box];
    return found?.ticked ? citeNumbers(found.lines).slice(0, 3) : [];
  };
  const boxes = {
    ...(Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, checklistLines(box)])) as Record<
      QualificationBox,
      CitedLine[]
    >),
    nextMeeting: citeNumbers(meeting).slice(0, 3),
    nextSteps: citeNumbers(steps).slice(0, 3),
  };
  // A ticked box counts even when its line is not in what was stored.
  const tickedIn = (box: QualificationBox) => (known(box) ? record(stored[box]).ticked === true : Boolean(reread?.[box].ticked));
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
      ...(Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, tickedIn(box)])) as Record<QualificationBox, boolean>),
      nextMeeting: Boolean(result.nextMeeting),
      nextSteps: list(result.nextSteps).length > 0,
    },
    boxes,
    competitorLines: boxes.competition,
    prospects: [...prospects.values()].map(cite),
  };
}
