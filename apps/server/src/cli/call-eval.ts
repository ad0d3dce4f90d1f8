import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  analyzeCallOffline,
  parseTranscriptStrict,
  QUALIFICATION_BOXES,
  type CallAnalysis,
  type SpeakerRole,
  type TranscriptLanguage,
  type TranscriptLine,
} from '@nexa/domain';
import { transcriptTextOf } from '../modules/call-analysis/transcript-file.ts';

/**
 * Scores a call analyzer against the labelled set in bench/calls/set (docs/call-analysis.md):
 * precision and recall per item type, citation precision, role accuracy, time per call. An
 * item matches a labelled one when it cites a line where the labelled words are (line numbers
 * of the original file, so the score does not depend on how the parser numbers turns).
 */

export interface Expected {
  file: string;
  language: TranscriptLanguage;
  format: string;
  referenceDate: string;
  context: { repName: string | null; contactName: string | null; clientCompany: string | null };
  roleEvidence: 'label' | 'name' | 'none';
  /** A prospect-side speaker the meeting tool named after a room or a phone. */
  mislabelledSpeaker: string | null;
  roles: Record<string, SpeakerRole>;
  requirements: Array<{ lines: number[]; text: string }>;
  questions: Array<{ lines: number[]; text: string; answerLines: number[] }>;
  nextSteps: Array<{ lines: number[]; text: string; due: string | null }>;
  qualification: Record<(typeof QUALIFICATION_BOXES)[number], number[] | null>;
}

export type Analyze = (lines: TranscriptLine[], expected: Expected) => Promise<CallAnalysis>;

export const offlineAnalyze: Analyze = async (lines, expected) =>
  analyzeCallOffline(lines, {
    language: expected.language,
    referenceDate: new Date(expected.referenceDate),
    sellerName: expected.context.repName,
    contactName: expected.context.contactName,
    clientCompany: expected.context.clientCompany,
  });

interface Tally {
  tp: number;
  predicted: number;
  expected: number;
}
const tally = (): Tally => ({ tp: 0, predicted: 0, expected: 0 });

export interface CallSetScore {
  calls: number;
  requirements: { precision: number; recall: number };
  questions: { precision: number; recall: number; answerAccuracy: number };
  nextSteps: { precision: number; recall: number; dueAccuracy: number };
  qualification: { precision: number; recall: number };
  citationPrecision: number;
  roleAccuracy: { labelsOrNames: number; otherwise: number };
  /** Milliseconds per call: median and slowest (parse + analysis). */
  timeMs: { median: number; max: number };
  citationsDropped: number;
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 1000 : 1);

/** The original file lines a parsed line covers. */
const sourceOf = (line: TranscriptLine | undefined) => {
  if (!line) return [] as number[];
  const from = line.source ?? line.number;
  const to = line.sourceEnd ?? from;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};

/** One-to-one matching: each labelled item takes the first unmatched prediction citing one of its lines. */
function match<P, E>(predicted: P[], expected: E[], covers: (p: P, e: E) => boolean): Array<[P, E]> {
  const used = new Set<number>();
  const pairs: Array<[P, E]> = [];
  for (const e of expected) {
    const k = predicted.findIndex((p, i) => !used.has(i) && covers(p, e));
    if (k >= 0) {
      used.add(k);
      pairs.push([predicted[k]!, e]);
    }
  }
  return pairs;
}

export async function loadCallSet(dir: string): Promise<Array<{ expected: Expected; lines: TranscriptLine[] }>> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.expected.json'))
    .sort();
  const out = [];
  for (const file of files) {
    const expected = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Expected;
    const bytes = fs.readFileSync(path.join(dir, expected.file));
    const text = await transcriptTextOf(expected.file, bytes);
    out.push({ expected, lines: parseTranscriptStrict(text, expected.file) });
  }
  return out;
}

export async function scoreCallSet(
  set: Array<{ expected: Expected; lines: TranscriptLine[] }>,
  analyze: Analyze = offlineAnalyze,
): Promise<{ score: CallSetScore; perCall: Array<{ file: string; ms: number; misses: string[] }> }> {
  const req = tally();
  const qs = tally();
  const next = tally();
  const qual = tally();
  let answersRight = 0;
  let duesRight = 0;
  let duesLabelled = 0;
  let citations = 0;
  let citationsRight = 0;
  const roles = { labelsOrNames: { ok: 0, all: 0 }, otherwise: { ok: 0, all: 0 } };
  const times: number[] = [];
  let dropped = 0;
  const perCall = [];

  for (const { expected, lines } of set) {
    const started = performance.now();
    const result = await analyze(lines, expected);
    const ms = performance.now() - started;
    times.push(ms);
    dropped += result.citations?.dropped ?? 0;
    const misses: string[] = [];
    const byNumber = new Map(lines.map((l) => [l.number, l]));
    const src = (numbers: readonly number[]) => new Set(numbers.flatMap((n) => sourceOf(byNumber.get(n))));
    const hits = (numbers: readonly number[], labelled: readonly number[]) => {
      const covered = src(numbers);
      return labelled.some((n) => covered.has(n));
    };
    const cite = (numbers: readonly number[], support: readonly number[]) => {
      for (const n of numbers) {
        citations += 1;
        if (sourceOf(byNumber.get(n)).some((s) => support.includes(s))) citationsRight += 1;
      }
    };

    // Requirements: the first cited line is the requirement's own (the others are the answer).
    const reqPairs = match(result.technicalRequirements, expected.requirements, (p, e) => hits(p.lines.slice(0, 1), e.lines));
    req.tp += reqPairs.length;
    req.predicted += result.technicalRequirements.length;
    req.expected += expected.requirements.length;
    const answerSupport = (e: Expected['requirements'][number]) => [
      ...e.lines,
      ...expected.questions.filter((q) => q.lines.some((n) => e.lines.includes(n))).flatMap((q) => q.answerLines),
    ];
    for (const [p, e] of reqPairs) cite(p.lines, answerSupport(e));
    for (const e of expected.requirements) if (!reqPairs.some(([, x]) => x === e)) misses.push(`requirement missed: ${e.text}`);
    for (const p of result.technicalRequirements)
      if (!reqPairs.some(([x]) => x === p)) misses.push(`requirement extra: ${p.question}`);

    const predictedQuestions = result.questions ?? [];
    const qPairs = match(predictedQuestions, expected.questions, (p, e) => hits(p.lines, e.lines));
    qs.tp += qPairs.length;
    qs.predicted += predictedQuestions.length;
    qs.expected += expected.questions.length;
    for (const [p, e] of qPairs) {
      const right = e.answerLines.length
        ? p.answerLines.length > 0 && hits(p.answerLines, e.answerLines)
        : p.answerLines.length === 0;
      if (right) answersRight += 1;
      else misses.push(`answer wrong: ${e.text}`);
      cite([...p.lines, ...p.answerLines], [...e.lines, ...e.answerLines]);
    }
    for (const e of expected.questions) if (!qPairs.some(([, x]) => x === e)) misses.push(`question missed: ${e.text}`);
    for (const p of predictedQuestions) if (!qPairs.some(([x]) => x === p)) misses.push(`question extra: ${p.text}`);

    const nPairs = match(result.nextSteps, expected.nextSteps, (p, e) => hits(p.lines, e.lines));
    next.tp += nPairs.length;
    next.predicted += result.nextSteps.length;
    next.expected += expected.nextSteps.length;
    for (const [p, e] of nPairs) {
      cite(p.lines, e.lines);
      if (!e.due) continue;
      duesLabelled += 1;
      const days = p.due ? Math.abs(Date.parse(p.due) - Date.parse(`${e.due}T12:00:00Z`)) / 86_400_000 : Infinity;
      // "Next week" or "in Q2" name a span: within three days of the labelled day counts.
      if (days <= 3) duesRight += 1;
      else misses.push(`due wrong: ${e.text} (${p.due ?? 'none'} vs ${e.due})`);
    }
    for (const e of expected.nextSteps) if (!nPairs.some(([, x]) => x === e)) misses.push(`next step missed: ${e.text}`);
    for (const p of result.nextSteps) if (!nPairs.some(([x]) => x === p)) misses.push(`next step extra: ${p.text}`);

    for (const box of QUALIFICATION_BOXES) {
      const got = result.qualification?.[box];
      const want = expected.qualification[box];
      if (got?.ticked) qual.predicted += 1;
      if (want) qual.expected += 1;
      if (got?.ticked && want && hits(got.lines, want)) {
        qual.tp += 1;
        cite(got.lines, want);
      } else if (got?.ticked || want)
        misses.push(
          `qualification ${box}: ${got?.ticked ? `ticked at ${got.lines}` : 'not ticked'}${want ? '' : ' (none said)'}`,
        );
    }

    const bucket = expected.roleEvidence === 'none' ? roles.otherwise : roles.labelsOrNames;
    for (const [speaker, role] of Object.entries(expected.roles)) {
      bucket.all += 1;
      const got = result.speakers?.find((s) => s.speaker === speaker)?.role;
      if (got === role) bucket.ok += 1;
      else misses.push(`role of ${speaker}: ${got ?? 'none'} (expected ${role})`);
    }
    perCall.push({ file: expected.file, ms: Math.round(ms * 10) / 10, misses });
  }

  const sorted = [...times].sort((a, b) => a - b);
  return {
    score: {
      calls: set.length,
      requirements: { precision: ratio(req.tp, req.predicted), recall: ratio(req.tp, req.expected) },
      questions: {
        precision: ratio(qs.tp, qs.predicted),
        recall: ratio(qs.tp, qs.expected),
        answerAccuracy: ratio(answersRight, qs.tp),
      },
      nextSteps: {
        precision: ratio(next.tp, next.predicted),
        recall: ratio(next.tp, next.expected),
        dueAccuracy: ratio(duesRight, duesLabelled),
      },
      qualification: { precision: ratio(qual.tp, qual.predicted), recall: ratio(qual.tp, qual.expected) },
      citationPrecision: ratio(citationsRight, citations),
      roleAccuracy: {
        labelsOrNames: ratio(roles.labelsOrNames.ok, roles.labelsOrNames.all),
        otherwise: ratio(roles.otherwise.ok, roles.otherwise.all),
      },
      timeMs: {
        median: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10,
        max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      },
      citationsDropped: dropped,
    },
    perCall,
  };
}

/** The score as a Markdown table, as README and docs/call-analysis.md show it. */
export function scoreTable(score: CallSetScore, title = 'offline'): string {
  const pct = (n: number) => `${Math.round(n * 1000) / 10} %`;
  return [
    `| ${title} (${score.calls} calls) | precision | recall | other |`,
    '| --- | --- | --- | --- |',
    `| requirements | ${pct(score.requirements.precision)} | ${pct(score.requirements.recall)} | |`,
    `| prospect questions | ${pct(score.questions.precision)} | ${pct(score.questions.recall)} | answer right ${pct(score.questions.answerAccuracy)} |`,
    `| next steps | ${pct(score.nextSteps.precision)} | ${pct(score.nextSteps.recall)} | date right ${pct(score.nextSteps.dueAccuracy)} |`,
    `| qualification boxes | ${pct(score.qualification.precision)} | ${pct(score.qualification.recall)} | |`,
    `| citations | ${pct(score.citationPrecision)} | | dropped by the check: ${score.citationsDropped} |`,
    `| speaker roles | | | ${pct(score.roleAccuracy.labelsOrNames)} with labels or names, ${pct(score.roleAccuracy.otherwise)} otherwise |`,
    `| time per call | | | median ${score.timeMs.median} ms, slowest ${score.timeMs.max} ms |`,
  ].join('\n');
}
