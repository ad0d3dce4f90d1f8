import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  analyzeCallOffline,
  isPhoneName,
  LEGACY_QUALIFICATION_BOXES,
  nameStrength,
  parseTranscriptStrict,
  QUALIFICATION_BOXES,
  type CallAnalysis,
  type OfflineCallOptions,
  type SpeakerRole,
  type TranscriptLanguage,
  type TranscriptLine,
} from '@nexa/domain';
import { callTurnModel } from '@nexa/domain/call-model/index';
import { transcriptTextOf } from '../modules/call-analysis/transcript-file.ts';

/**
 * Scores a call analyzer against labelled calls (docs/call-analysis.md, "Evaluation"): precision
 * and recall per item type, next steps invented, talk-share error, role accuracy (second sellers
 * and dial-ins apart), citation precision, time per call. An item matches a labelled one when it
 * cites a line where the labelled words are (line numbers of the original file, so the score does
 * not depend on how the parser numbers turns).
 *
 * Two kinds of sets: the development sets (bench/calls/set, generated; bench/calls/dev/set,
 * hand-written), on which rules and models are tuned, and the held-out set
 * (bench/calls/held-out/set), of which only the totals are ever looked at: for its calls the
 * scorer records no per-call misses at all, whoever calls it.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
export const CALL_SETS = {
  generated: path.join(root, 'bench/calls/set'),
  handWritten: path.join(root, 'bench/calls/dev/set'),
  heldOut: path.join(root, 'bench/calls/held-out/set'),
} as const;

/** What bench/calls/build-calls.mjs and make-set.mjs write beside each transcript. */
export interface Expected {
  file: string;
  language: TranscriptLanguage;
  format: string;
  /** When the call took place (hand-written sets) or the reference the generated set's dates are read from. */
  referenceDate: string;
  /** The representative's IANA zone (hand-written sets): due dates are days in it. */
  timeZone?: string;
  context: {
    repName: string | null;
    contactName: string | null;
    clientCompany: string | null;
    /** People of the selling company with a Nexa account (hand-written sets). */
    workspaceMembers?: string[];
  };
  /** "label": role labels; "name": names only; "none": hand-written — no names at all; generated — names but no evidence. */
  roleEvidence: 'label' | 'name' | 'none';
  /** A prospect-side speaker the meeting tool named after a room or a phone. */
  mislabelledSpeaker: string | null;
  roles: Record<string, SpeakerRole>;
  requirements: Array<{ lines: number[]; text: string }>;
  questions: Array<{ lines: number[]; text: string; answerLines: number[] }>;
  nextSteps: Array<{ lines: number[]; text: string; due: string | null }>;
  /** Box → supporting lines, null when not said. The generated set has six boxes (budget, authority, need, …), the hand-written ones ten. */
  qualification: Record<string, number[] | null>;
  buyingRoles?: Array<{ name: string; role: string; lines: number[] }>;
  /** Each speaker's share of the words, 0..1 (hand-written sets). */
  talkShare?: Record<string, number>;
}

export interface LabelledCall {
  expected: Expected;
  lines: TranscriptLine[];
  /** A held-out call: scored into totals only, its misses never recorded. */
  heldOut: boolean;
}

export type Analyze = (lines: TranscriptLine[], expected: Expected) => Promise<CallAnalysis>;

/** The analyzer's options for a labelled call: its date, the rep's zone, the deal's names and the workspace's members. */
export function offlineOptions(expected: Expected): OfflineCallOptions {
  return {
    language: expected.language,
    referenceDate: new Date(expected.referenceDate),
    timeZone: expected.timeZone ?? null,
    sellerName: expected.context.repName,
    sellerTeam: expected.context.workspaceMembers ?? null,
    contactName: expected.context.contactName,
    clientCompany: expected.context.clientCompany,
  };
}

/** The offline analyzer as the server's analysis worker runs it: with the trained turn model. */
export const offlineAnalyze: Analyze = async (lines, expected) =>
  analyzeCallOffline(lines, { ...offlineOptions(expected), model: callTurnModel });

interface Tally {
  tp: number;
  predicted: number;
  expected: number;
}
const tally = (): Tally => ({ tp: 0, predicted: 0, expected: 0 });

/** A share, or null when there was nothing to count (never a flattering 100 %). */
export type Ratio = number | null;

export interface CallSetScore {
  calls: number;
  requirements: { precision: Ratio; recall: Ratio };
  questions: { precision: Ratio; recall: Ratio; answerAccuracy: Ratio };
  nextSteps: {
    precision: Ratio;
    recall: Ratio;
    dueAccuracy: Ratio;
    /** Predicted steps that match no labelled one. */
    invented: number;
    /** Predicted steps due before the call took place. */
    dueBeforeCall: number;
  };
  qualification: {
    precision: Ratio;
    recall: Ratio;
    /** Box by box, for the development set only (left out when a held-out call is in the set). */
    byBox?: Record<string, { precision: Ratio; recall: Ratio; labelled: number }>;
  };
  citationPrecision: Ratio;
  /**
   * Buying roles suggested (issue 36) against the labelled ones (buyer=ROLE:Name), by person and role,
   * over the calls that label them; development set only (left out when a held-out call is in the set).
   */
  committeeRoles?: { precision: Ratio; recall: Ratio; labelled: number; suggested: number };
  /** Citation precision item type by item type, for the development set only (like qualification.byBox). */
  citationPrecisionByKind?: Record<string, Ratio>;
  roleAccuracy: {
    /** Every speaker of the calls that name their speakers. */
    all: Ratio;
    labelsOrNames: Ratio;
    /** Speakers named, with neither labels nor the deal's names to go by (generated set). */
    otherwise: Ratio;
    /** Seller-side speakers other than the deal's representative. */
    secondSellers: Ratio;
    /** Speakers named like a phone number. */
    dialIns: Ratio;
    speakers: number;
    secondSellerCount: number;
    dialInCount: number;
  };
  talkShare: {
    /** Calls with speaker names and a labelled share, on which the error is measured. */
    calls: number;
    /** Absolute error of the rep side's share of words, in points. */
    meanError: number | null;
    maxError: number | null;
    /** Named calls for which the analyzer gave no talk share. */
    missing: number;
    /** Calls with no speaker name at all… */
    unnamedCalls: number;
    /** …for which the analyzer still reported a talk share (it should not). */
    reportedWithoutNames: number;
  };
  /** Milliseconds per call: median and slowest (analysis only; parsing is done on loading). */
  timeMs: { median: number; max: number };
  citationsDropped: number;
}

const ratio = (a: number, b: number): Ratio => (b ? Math.round((a / b) * 1000) / 1000 : null);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The original file lines a parsed line covers. */
export const sourceOf = (line: TranscriptLine | undefined) => {
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

/** Old and new names of the same box, both ways (BANT's authority and need are MEDDICC's economic buyer and pain). */
const BOX_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries(LEGACY_QUALIFICATION_BOXES).flatMap(([old, now]) => [
    [old, now],
    [now, old],
  ]),
);

/** A box's labelled lines (null: not said), or undefined when the call's labels do not have that box. */
function labelledBox(qualification: Expected['qualification'], box: string): number[] | null | undefined {
  if (box in qualification) return qualification[box];
  const alias = BOX_ALIASES[box];
  return alias && alias in qualification ? qualification[alias] : undefined;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();

/**
 * A call labelled as having no role evidence whose file names none of its speakers (subtitles
 * without names). A call with names the parser lost is not one: its roles are scored, and wrong.
 */
const unnamedCall = ({ expected, lines }: { expected: Expected; lines: TranscriptLine[] }) => {
  if (expected.roleEvidence !== 'none') return false;
  const named = new Set(lines.map((l) => l.speaker?.normalize('NFC').trim().toLowerCase()).filter(Boolean));
  return !Object.keys(expected.roles).some((s) => named.has(s.normalize('NFC').trim().toLowerCase()));
};

/** The boxes a label may name: the analyzer's, and the earlier names labelledBox reads as theirs. */
const KNOWN_BOXES = new Set<string>([...QUALIFICATION_BOXES, ...Object.keys(LEGACY_QUALIFICATION_BOXES)]);

const isHeldOutDir = (dir: string) => path.resolve(dir).split(path.sep).includes('held-out');

export async function loadCallSet(dir: string): Promise<LabelledCall[]> {
  const heldOut = isHeldOutDir(dir);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.expected.json'))
    .sort();
  const out: LabelledCall[] = [];
  for (const file of files) {
    const expected = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Expected;
    // bench/calls/build-calls.mjs keeps its own list of boxes: a box the analyzer does not have
    // (renamed in packages/domain) would never be scored, its labels gone from the figures unseen.
    const unknown = Object.keys(expected.qualification).filter((box) => !KNOWN_BOXES.has(box));
    if (unknown.length)
      throw new Error(`${heldOut ? 'a held-out call' : file} labels boxes the analyzer does not have: ${unknown.join(', ')}`);
    const bytes = fs.readFileSync(path.join(dir, expected.file));
    const text = await transcriptTextOf(expected.file, bytes);
    out.push({ expected, lines: parseTranscriptStrict(text, expected.file), heldOut });
  }
  return out;
}

/** The development set: the generated calls and the hand-written ones. */
export async function loadDevelopmentSet(): Promise<LabelledCall[]> {
  return [...(await loadCallSet(CALL_SETS.generated)), ...(await loadCallSet(CALL_SETS.handWritten))];
}

/** How many labelled calls a set folder holds, read from the folder (no file is opened). */
export const callCount = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.expected.json')).length : 0;

export interface CallSetResult {
  score: CallSetScore;
  /** Per-call misses of the development calls; empty for held-out calls, always. */
  perCall: Array<{ file: string; ms: number; misses: string[] }>;
}

export async function scoreCallSet(set: LabelledCall[], analyze: Analyze = offlineAnalyze): Promise<CallSetResult> {
  const req = tally();
  const qs = tally();
  const next = tally();
  const qual = tally();
  const byBox: Record<string, Tally> = {};
  let answersRight = 0;
  let duesRight = 0;
  let duesLabelled = 0;
  let dueBeforeCall = 0;
  let citations = 0;
  let citationsRight = 0;
  const citationsByKind: Record<string, { right: number; all: number }> = {};
  const roleTally = () => ({ ok: 0, all: 0 });
  const roles = {
    all: roleTally(),
    labelsOrNames: roleTally(),
    otherwise: roleTally(),
    secondSellers: roleTally(),
    dialIns: roleTally(),
  };
  const committee = tally();
  let committeeRight = 0;
  const talkErrors: number[] = [];
  let talkMissing = 0;
  let unnamedCalls = 0;
  let talkWithoutNames = 0;
  const times: number[] = [];
  let dropped = 0;
  const perCall: CallSetResult['perCall'] = [];

  for (const call of set) {
    const { expected, lines } = call;
    const started = performance.now();
    const result = await analyze(lines, expected);
    const ms = performance.now() - started;
    times.push(ms);
    dropped += result.citations?.dropped ?? 0;
    // A held-out call's misses are not even written down.
    const misses: string[] = [];
    const miss = call.heldOut ? () => undefined : (text: string) => void misses.push(text);
    const byNumber = new Map(lines.map((l) => [l.number, l]));
    const src = (numbers: readonly number[]) => new Set(numbers.flatMap((n) => sourceOf(byNumber.get(n))));
    const hits = (numbers: readonly number[], labelled: readonly number[]) => {
      const covered = src(numbers);
      return labelled.some((n) => covered.has(n));
    };
    const cite = (numbers: readonly number[], support: readonly number[], kind: string) => {
      const perKind = (citationsByKind[kind] ??= { right: 0, all: 0 });
      for (const n of numbers) {
        citations += 1;
        perKind.all += 1;
        if (sourceOf(byNumber.get(n)).some((s) => support.includes(s))) {
          citationsRight += 1;
          perKind.right += 1;
        }
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
    for (const [p, e] of reqPairs) cite(p.lines, answerSupport(e), 'requirements');
    for (const e of expected.requirements) if (!reqPairs.some(([, x]) => x === e)) miss(`requirement missed: ${e.text}`);
    for (const p of result.technicalRequirements) if (!reqPairs.some(([x]) => x === p)) miss(`requirement extra: ${p.question}`);

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
      else miss(`answer wrong: ${e.text}`);
      cite([...p.lines, ...p.answerLines], [...e.lines, ...e.answerLines], 'questions');
    }
    for (const e of expected.questions) if (!qPairs.some(([, x]) => x === e)) miss(`question missed: ${e.text}`);
    for (const p of predictedQuestions) if (!qPairs.some(([x]) => x === p)) miss(`question extra: ${p.text}`);

    const nPairs = match(result.nextSteps, expected.nextSteps, (p, e) => hits(p.lines, e.lines));
    next.tp += nPairs.length;
    next.predicted += result.nextSteps.length;
    next.expected += expected.nextSteps.length;
    for (const [p, e] of nPairs) {
      cite(p.lines, e.lines, 'next steps');
      if (!e.due) continue;
      duesLabelled += 1;
      const days = p.due ? Math.abs(Date.parse(p.due) - Date.parse(`${e.due}T12:00:00Z`)) / 86_400_000 : Infinity;
      // "Next week" or "in Q2" name a span: within three days of the labelled day counts.
      if (days <= 3) duesRight += 1;
      else miss(`due wrong: ${e.text} (${p.due ?? 'none'} vs ${e.due})`);
    }
    // A day before the call's own day (a day of slack for the zones) is never a next step's due date.
    const callDay = Date.parse(expected.referenceDate.slice(0, 10));
    for (const p of result.nextSteps)
      if (p.due && Date.parse(p.due) < callDay - 86_400_000) {
        dueBeforeCall += 1;
        miss(`due before the call: ${p.text} (${p.due})`);
      }
    for (const e of expected.nextSteps) if (!nPairs.some(([, x]) => x === e)) miss(`next step missed: ${e.text}`);
    for (const p of result.nextSteps) if (!nPairs.some(([x]) => x === p)) miss(`next step invented: ${p.text}`);

    // The boxes the analyzer reports, read at run time; a box the call's labels lack is not scored.
    const boxes = result.qualification as Record<string, { ticked: boolean; lines: number[] } | undefined> | undefined;
    for (const box of QUALIFICATION_BOXES as readonly string[]) {
      const want = labelledBox(expected.qualification, box);
      if (want === undefined) continue;
      const got = boxes?.[box];
      const perBox = (byBox[box] ??= tally());
      if (got?.ticked) qual.predicted += 1;
      if (got?.ticked) perBox.predicted += 1;
      if (want) qual.expected += 1;
      if (want) perBox.expected += 1;
      if (got?.ticked && want && hits(got.lines, want)) {
        qual.tp += 1;
        perBox.tp += 1;
        cite(got.lines, want, 'qualification');
      } else if (got?.ticked || want)
        miss(`qualification ${box}: ${got?.ticked ? `ticked at ${got.lines}` : 'not ticked'}${want ? '' : ' (none said)'}`);
    }

    if (expected.buyingRoles && !call.heldOut) {
      // A suggestion is right when its role is labelled for the person it names (or the speaker it is about).
      const labelled = expected.buyingRoles.map((b) => ({ ...b, role: b.role.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) }));
      const found = new Set<number>();
      for (const s of result.committeeRoles ?? []) {
        committee.predicted += 1;
        const person = s.name ?? s.speaker ?? '';
        const at = labelled.findIndex(
          (b) => b.role === s.role && (nameStrength(person, b.name) > 0 || (s.speaker !== null && same(s.speaker, b.name))),
        );
        if (at >= 0) {
          found.add(at);
          committeeRight += 1;
        } else miss(`committee role ${s.role} for ${person} (line ${s.lines.join(', ')}): not labelled`);
      }
      committee.tp += found.size;
      committee.expected += labelled.length;
      labelled.forEach((b, i) => {
        if (!found.has(i)) miss(`committee role ${b.role} for ${b.name} not suggested`);
      });
    }

    const unnamed = unnamedCall(call);
    if (unnamed) {
      // No speaker is named: roles cannot be told apart by name, and a talk share cannot be measured.
      unnamedCalls += 1;
      if (result.talk) {
        talkWithoutNames += 1;
        miss(`talk share reported without speaker names (${result.talk.repWords} %)`);
      }
    } else {
      const bucket = expected.roleEvidence === 'none' ? roles.otherwise : roles.labelsOrNames;
      for (const [speaker, role] of Object.entries(expected.roles)) {
        const got = result.speakers?.find((s) => same(s.speaker, speaker))?.role;
        const ok = got === role ? 1 : 0;
        const kinds = [roles.all, bucket];
        if (role === 'rep' && expected.context.repName && !same(speaker, expected.context.repName))
          kinds.push(roles.secondSellers);
        if (isPhoneName(speaker)) kinds.push(roles.dialIns);
        for (const kind of kinds) {
          kind.all += 1;
          kind.ok += ok;
        }
        if (!ok) miss(`role of ${speaker}: ${got ?? 'none'} (expected ${role})`);
      }
      if (expected.talkShare) {
        const truth =
          100 *
          Object.entries(expected.talkShare)
            .filter(([speaker]) => expected.roles[speaker] === 'rep')
            .reduce((sum, [, share]) => sum + share, 0);
        if (result.talk) {
          const error = Math.abs(result.talk.repWords - truth);
          talkErrors.push(error);
          if (error > 5) miss(`talk share: rep ${result.talk.repWords} % (expected ${round1(truth)} %)`);
        } else {
          talkMissing += 1;
          miss(`talk share: none (expected ${round1(truth)} %)`);
        }
      }
    }
    if (!call.heldOut) perCall.push({ file: expected.file, ms: round1(ms), misses });
  }

  const sorted = [...times].sort((a, b) => a - b);
  // Box by box and kind by kind are development detail: left out when a held-out call is in the set.
  const detail = !set.some((c) => c.heldOut);
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
        invented: next.predicted - next.tp,
        dueBeforeCall,
      },
      qualification: {
        precision: ratio(qual.tp, qual.predicted),
        recall: ratio(qual.tp, qual.expected),
        ...(detail && {
          byBox: Object.fromEntries(
            Object.entries(byBox).map(([box, t]) => [
              box,
              { precision: ratio(t.tp, t.predicted), recall: ratio(t.tp, t.expected), labelled: t.expected },
            ]),
          ),
        }),
      },
      citationPrecision: ratio(citationsRight, citations),
      ...(detail &&
        committee.expected > 0 && {
          committeeRoles: {
            precision: ratio(committeeRight, committee.predicted),
            recall: ratio(committee.tp, committee.expected),
            labelled: committee.expected,
            suggested: committee.predicted,
          },
        }),
      ...(detail && {
        citationPrecisionByKind: Object.fromEntries(
          Object.entries(citationsByKind).map(([kind, t]) => [kind, ratio(t.right, t.all)]),
        ),
      }),
      roleAccuracy: {
        all: ratio(roles.all.ok, roles.all.all),
        labelsOrNames: ratio(roles.labelsOrNames.ok, roles.labelsOrNames.all),
        otherwise: ratio(roles.otherwise.ok, roles.otherwise.all),
        secondSellers: ratio(roles.secondSellers.ok, roles.secondSellers.all),
        dialIns: ratio(roles.dialIns.ok, roles.dialIns.all),
        speakers: roles.all.all,
        secondSellerCount: roles.secondSellers.all,
        dialInCount: roles.dialIns.all,
      },
      talkShare: {
        calls: talkErrors.length + talkMissing,
        meanError: talkErrors.length ? round1(talkErrors.reduce((a, b) => a + b, 0) / talkErrors.length) : null,
        maxError: talkErrors.length ? round1(Math.max(...talkErrors)) : null,
        missing: talkMissing,
        unnamedCalls,
        reportedWithoutNames: talkWithoutNames,
      },
      timeMs: {
        median: round1(sorted[Math.floor(sorted.length / 2)] ?? 0),
        max: round1(sorted.at(-1) ?? 0),
      },
      citationsDropped: dropped,
    },
    perCall,
  };
}

/**
 * The figures a regression is judged on, as [name, value, direction]: a share (0..1) where higher
 * is better, or a talk-share error (points) where lower is better. Null figures (nothing counted) are left out.
 */
export interface Figure {
  name: string;
  value: number;
  better: 'higher' | 'lower';
}
export function guardedFigures(score: CallSetScore): Figure[] {
  const shares: Array<[string, Ratio]> = [
    ['requirements.precision', score.requirements.precision],
    ['requirements.recall', score.requirements.recall],
    ['questions.precision', score.questions.precision],
    ['questions.recall', score.questions.recall],
    ['questions.answerAccuracy', score.questions.answerAccuracy],
    ['nextSteps.precision', score.nextSteps.precision],
    ['nextSteps.recall', score.nextSteps.recall],
    ['nextSteps.dueAccuracy', score.nextSteps.dueAccuracy],
    ['qualification.precision', score.qualification.precision],
    ['qualification.recall', score.qualification.recall],
    ['citationPrecision', score.citationPrecision],
    ['roleAccuracy.all', score.roleAccuracy.all],
    ['roleAccuracy.labelsOrNames', score.roleAccuracy.labelsOrNames],
    ['roleAccuracy.otherwise', score.roleAccuracy.otherwise],
    ['roleAccuracy.secondSellers', score.roleAccuracy.secondSellers],
    ['roleAccuracy.dialIns', score.roleAccuracy.dialIns],
    // Development set only (the held-out score has no such field): guarded once recorded.
    ['committeeRoles.precision', score.committeeRoles?.precision ?? null],
    ['committeeRoles.recall', score.committeeRoles?.recall ?? null],
  ];
  const out: Figure[] = shares.flatMap(([name, value]) => (value === null ? [] : [{ name, value, better: 'higher' as const }]));
  if (score.talkShare.meanError !== null)
    out.push({ name: 'talkShare.meanError', value: score.talkShare.meanError / 100, better: 'lower' });
  return out;
}

/** A share as the tables print it: "97.5 %", or "—" when nothing was counted. */
export const percent = (n: Ratio) => (n === null ? '—' : `${Math.round(n * 1000) / 10} %`);

/** The scores as one Markdown table, a column per set (docs/call-analysis.md shows it). */
export function scoreTable(columns: Array<{ title: string; score: CallSetScore }>): string {
  const pts = (n: number | null) => (n === null ? '—' : `${n} pts`);
  const rows: Array<[string, (s: CallSetScore) => string]> = [
    ['calls', (s) => String(s.calls)],
    ['requirements precision', (s) => percent(s.requirements.precision)],
    ['requirements recall', (s) => percent(s.requirements.recall)],
    ['questions precision', (s) => percent(s.questions.precision)],
    ['questions recall', (s) => percent(s.questions.recall)],
    ['answer right', (s) => percent(s.questions.answerAccuracy)],
    ['next steps precision', (s) => percent(s.nextSteps.precision)],
    ['next steps recall', (s) => percent(s.nextSteps.recall)],
    ['next steps date right', (s) => percent(s.nextSteps.dueAccuracy)],
    ['next steps invented', (s) => String(s.nextSteps.invented)],
    ['next steps due before the call', (s) => String(s.nextSteps.dueBeforeCall)],
    ['qualification precision', (s) => percent(s.qualification.precision)],
    ['qualification recall', (s) => percent(s.qualification.recall)],
    ['citation precision', (s) => percent(s.citationPrecision)],
    ['citations dropped by the check', (s) => String(s.citationsDropped)],
    ['roles, all named speakers', (s) => `${percent(s.roleAccuracy.all)} (${s.roleAccuracy.speakers})`],
    ['roles, with labels or names', (s) => percent(s.roleAccuracy.labelsOrNames)],
    ['roles, names only (generated)', (s) => percent(s.roleAccuracy.otherwise)],
    ['roles, second sellers', (s) => `${percent(s.roleAccuracy.secondSellers)} (${s.roleAccuracy.secondSellerCount})`],
    ['roles, dial-ins', (s) => `${percent(s.roleAccuracy.dialIns)} (${s.roleAccuracy.dialInCount})`],
    [
      'buying roles suggested, precision / recall',
      (s) =>
        s.committeeRoles
          ? `${percent(s.committeeRoles.precision)} / ${percent(s.committeeRoles.recall)} (${s.committeeRoles.labelled} labelled)`
          : '—',
    ],
    ['talk share mean error', (s) => `${pts(s.talkShare.meanError)} (${s.talkShare.calls} calls)`],
    ['talk share max error', (s) => pts(s.talkShare.maxError)],
    ['talk share missing (named calls)', (s) => String(s.talkShare.missing)],
    ['talk share shown without names', (s) => `${s.talkShare.reportedWithoutNames} of ${s.talkShare.unnamedCalls}`],
    ['time per call, median', (s) => `${s.timeMs.median} ms`],
    ['time per call, slowest', (s) => `${s.timeMs.max} ms`],
  ];
  return [
    `| figure | ${columns.map((c) => c.title).join(' | ')} |`,
    `| --- |${columns.map(() => ' --- |').join('')}`,
    ...rows.map(([name, cell]) => `| ${name} | ${columns.map((c) => cell(c.score)).join(' | ')} |`),
  ].join('\n');
}

/**
 * What `--record` writes: the new figures, except that on the same calls a guarded figure that
 * fell keeps its recorded value (recorded figures only rise, so a regression stays visible until
 * it is fixed). When the set changed (calls added), the new figures as measured.
 */
export function ratchet(now: CallSetScore, before: CallSetScore | undefined): { score: CallSetScore; kept: string[] } {
  if (!before || before.calls !== now.calls) return { score: now, kept: [] };
  const score = structuredClone(now);
  const previous = new Map(guardedFigures(before).map((f) => [f.name, f]));
  const kept: string[] = [];
  for (const figure of guardedFigures(now)) {
    const old = previous.get(figure.name);
    if (!old || (figure.better === 'higher' ? figure.value >= old.value : figure.value <= old.value)) continue;
    const [group, key] = figure.name.split('.') as [string, string | undefined];
    const target = score as unknown as Record<string, Record<string, unknown>>;
    const source = before as unknown as Record<string, Record<string, unknown>>;
    if (key === undefined) (score as unknown as Record<string, unknown>)[group] = source[group];
    else target[group]![key] = source[group]![key];
    kept.push(figure.name);
  }
  return { score, kept };
}
