import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeCallOffline, seededRandom, type TranscriptLine } from '@nexa/domain';
import { answerCandidates, turnsOf, type CallTurnModel, type Combination, type LinearModel } from '@nexa/domain/call-model/model';
import { clauses, isQuestionForm, type Side } from '@nexa/domain/call-model/features';
import {
  CALL_SETS,
  loadCallSet,
  offlineOptions,
  scoreCallSet,
  scoreTable,
  sourceOf,
  type CallSetScore,
  type LabelledCall,
} from './call-eval.ts';

// `npm run train:calls`: trains the call analyzer's turn model (packages/domain/src/call-model/,
// docs/call-analysis.md "The turn model") on the DEVELOPMENT sets only — the generated calls
// (bench/calls/set) and the hand-written ones (bench/calls/dev/set), never the held-out set —
// prints the development set's cross-validated figures (5 folds by call) for the keyword rules
// and for each way of combining model and rules, keeps the best, and writes the weights of a
// model trained on every development call to packages/domain/src/call-model/weights.json.
// Deterministic: the same calls give the same bytes (seeded shuffles, fixed order). `--check`
// trains and compares with the committed file instead of writing it.

const root = path.resolve(import.meta.dirname, '../../../..');
const out = path.join(root, 'packages/domain/src/call-model/weights.json');
const FOLDS = 5;
const EPOCHS = 12;
const WINDOW = 4;
// Measured: counting the generated calls 0.3 each did worse on the hand-written calls.
const GENERATED_WEIGHT = 1;
const KEEP = { requirements: 2500, questions: 1500, answers: 400 };

/** The same shuffle from run to run (the domain's seeded generator). */
function shuffle<T>(items: T[], seed: number): T[] {
  const { next } = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface Example {
  features: string[];
  y: 0 | 1;
  /** How much the example counts: the generated calls repeat the same hand-written pieces, so each counts less. */
  weight: number;
}

/**
 * Logistic regression by AdaGrad with L2, features seen fewer than twice dropped, then pruned to
 * the `keep` heaviest (the bias always kept). Weights rounded to 4 decimals.
 */
function train(examples: Example[], keep: number, seed: number): Record<string, number> {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const w = new Map<string, number>();
  const g2 = new Map<string, number>();
  const rate = 0.2;
  const l2 = 1e-4;
  const positives = examples.filter((e) => e.y).length || 1;
  // Positives weigh as much as negatives in all, so the threshold sits near the middle.
  const posWeight = Math.min(5, (examples.length - positives) / positives);
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    for (const e of shuffle(examples, seed + epoch)) {
      const fs = e.features.filter((f) => (counts.get(f) ?? 0) >= 2 || f === 'bias');
      let z = 0;
      for (const f of fs) z += w.get(f) ?? 0;
      const p = 1 / (1 + Math.exp(-z));
      const grad = (p - e.y) * (e.y ? posWeight : 1) * e.weight;
      for (const f of fs) {
        const wf = w.get(f) ?? 0;
        const g = grad + l2 * wf;
        const acc = (g2.get(f) ?? 0) + g * g;
        g2.set(f, acc);
        w.set(f, wf - (rate * g) / Math.sqrt(acc + 1e-8));
      }
    }
  }
  const ranked = [...w.entries()]
    .filter(([f]) => f !== 'bias')
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, keep);
  const weights: Record<string, number> = { bias: Math.round((w.get('bias') ?? 0) * 1e4) / 1e4 };
  for (const [f, v] of ranked.sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const r = Math.round(v * 1e4) / 1e4;
    if (r !== 0) weights[f] = r;
  }
  return weights;
}

/** Whether a parsed line covers one of the labelled file lines (as the scorer reads them). */
const covers = (line: TranscriptLine, labelled: readonly number[]) => sourceOf(line).some((n) => labelled.includes(n));

interface Prepared {
  call: LabelledCall;
  sideOf: (line: TranscriptLine) => Side;
  req: Example[];
  q: Example[];
  answers: Example[];
}

function prepare(call: LabelledCall, weight: number): Prepared {
  const { expected, lines } = call;
  // The sides as the analyzer decides them (call-roles.ts), as it will when the model runs.
  const decided = analyzeCallOffline(lines, { ...offlineOptions(expected), model: null }).speakers ?? [];
  const roles = new Map(decided.map((d) => [d.speaker, d.role]));
  const sideOf = (l: TranscriptLine): Side => (l.speaker ? (roles.get(l.speaker) ?? null) : null);
  const req: Example[] = [];
  const q: Example[] = [];
  for (const turn of turnsOf(lines, sideOf)) {
    req.push({ weight, features: turn.features, y: expected.requirements.some((r) => covers(turn.line, r.lines)) ? 1 : 0 });
    q.push({ weight, features: turn.features, y: expected.questions.some((x) => covers(turn.line, x.lines)) ? 1 : 0 });
  }
  const answers: Example[] = [];
  for (const question of expected.questions) {
    const index = lines.findIndex((l) => covers(l, question.lines));
    if (index < 0) continue;
    const asked = clauses(lines[index]!.text).filter(isQuestionForm);
    const text = asked.length ? asked.join(' ') : lines[index]!.text;
    for (const c of answerCandidates(lines, index, text, sideOf, WINDOW))
      answers.push({ weight, features: c.features, y: covers(c.line, question.answerLines) ? 1 : 0 });
  }
  return { call, sideOf, req, q, answers };
}

function trainModel(prepared: Prepared[], seed: number, base: CallTurnModel): CallTurnModel {
  return {
    version: 1,
    requirements: {
      ...base.requirements,
      weights: train(
        prepared.flatMap((p) => p.req),
        KEEP.requirements,
        seed,
      ),
    },
    questions: {
      ...base.questions,
      weights: train(
        prepared.flatMap((p) => p.q),
        KEEP.questions,
        seed + 100,
      ),
    },
    answers: {
      ...base.answers,
      weights: train(
        prepared.flatMap((p) => p.answers),
        KEEP.answers,
        seed + 200,
      ),
    },
  };
}

const f1 = (p: number | null, r: number | null) => (p && r ? (2 * p * r) / (p + r) : 0);
/** F2: recall weighs more (a question missed is an unanswered question never followed up). */
const f2 = (p: number | null, r: number | null) => (p && r ? (5 * p * r) / (4 * p + r) : 0);

async function main() {
  const check = process.argv.includes('--check');
  const handWrittenSet = await loadCallSet(CALL_SETS.handWritten);
  const calls = [...(await loadCallSet(CALL_SETS.generated)), ...handWrittenSet];
  if (calls.some((c) => c.heldOut)) throw new Error('the held-out set is never trained on');
  const prepared = calls.map((call) => prepare(call, handWrittenSet.includes(call) ? 1 : GENERATED_WEIGHT));
  const counts = {
    calls: calls.length,
    turns: prepared.reduce((n, p) => n + p.req.length, 0),
    requirements: prepared.reduce((n, p) => n + p.req.filter((e) => e.y).length, 0),
    questions: prepared.reduce((n, p) => n + p.q.filter((e) => e.y).length, 0),
    answerPairs: prepared.reduce((n, p) => n + p.answers.length, 0),
  };
  console.log(
    `development calls: ${counts.calls} (${counts.turns} turns, ${counts.requirements} requirements, ${counts.questions} questions, ${counts.answerPairs} answer candidates)`,
  );

  // Cross-validation: 5 folds by call; each call is analysed by the model trained without it.
  const order = shuffle(
    prepared.map((_, i) => i),
    34,
  );
  const foldOf = new Map<object, number>();
  order.forEach((i, k) => foldOf.set(prepared[i]!.call.expected, k % FOLDS));
  const empty: CallTurnModel = {
    version: 1,
    requirements: { mode: 'rules', threshold: 0.5, weights: {} },
    questions: { mode: 'rules', threshold: 0.5, weights: {} },
    answers: { mode: 'rules', threshold: 0.5, window: WINDOW, weights: {} },
  };
  const foldModels: CallTurnModel[] = [];
  for (let fold = 0; fold < FOLDS; fold += 1)
    foldModels.push(
      trainModel(
        prepared.filter((p) => foldOf.get(p.call.expected) !== fold),
        7 + fold,
        empty,
      ),
    );

  const cvResult = (config: Omit<CallTurnModel, 'version'> | null, set: LabelledCall[] = calls) =>
    scoreCallSet(set, async (lines, expected) => {
      const fold = foldModels[foldOf.get(expected)!]!;
      const model: CallTurnModel | null = config && {
        version: 1,
        requirements: { ...config.requirements, weights: fold.requirements.weights },
        questions: { ...config.questions, weights: fold.questions.weights },
        answers: { ...config.answers, weights: fold.answers.weights },
      };
      return analyzeCallOffline(lines, { ...offlineOptions(expected), model });
    });
  // Choices are made on the hand-written calls' figures: the generated ones flatter every choice.
  const cvScore = async (config: Omit<CallTurnModel, 'version'> | null): Promise<CallSetScore> =>
    (await cvResult(config, handWrittenSet)).score;

  const rules = await cvScore(null);
  const thresholds = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85];
  const modes: Combination[] = ['model', 'union', 'intersection', 'modelOrAskedByRules'];
  const config: Omit<CallTurnModel, 'version'> = structuredClone(empty);
  const pick = <T extends LinearModel & { mode: string }>(target: T, mode: T['mode'], threshold: number) => {
    target.mode = mode;
    target.threshold = threshold;
  };
  /**
   * Tries one part of the model in each mode at each threshold (the others as chosen so far) and
   * keeps the best by `measure`; the rules alone (`baseline`) stay unless something beats them.
   */
  const search = async <T extends LinearModel & { mode: string }>(
    target: T,
    baseline: number,
    tried: ReadonlyArray<T['mode']>,
    cuts: readonly number[],
    measure: (s: CallSetScore) => number,
  ) => {
    let best = { value: baseline, mode: 'rules' as T['mode'], threshold: 0.5 };
    for (const mode of tried)
      for (const threshold of cuts) {
        pick(target, mode, threshold);
        const value = measure(await cvScore(config));
        if (value > best.value + 1e-9) best = { value, mode, threshold };
      }
    pick(target, best.mode, best.threshold);
    return best;
  };

  // Requirements: the best F1 of precision and recall.
  const requirementsF1 = (s: CallSetScore) => f1(s.requirements.precision, s.requirements.recall);
  const best = await search(config.requirements, requirementsF1(rules), modes, thresholds, requirementsF1);
  console.log(`requirements: ${best.mode} at ${best.threshold} (cross-validated F1 ${best.value.toFixed(3)})`);

  // Questions: the best F2 of questions found (the answers are chosen next).
  const questionsF2 = (s: CallSetScore) => f2(s.questions.precision, s.questions.recall);
  const bestQ = await search(config.questions, questionsF2(rules), modes, thresholds, questionsF2);
  console.log(`questions: ${bestQ.mode} at ${bestQ.threshold} (cross-validated F2 ${bestQ.value.toFixed(3)})`);

  // Answers: the most answers right (a right "no answer" included) among the questions found.
  config.answers.mode = 'rules';
  const answered = (s: CallSetScore) => (s.questions.answerAccuracy ?? 0) * (s.questions.recall ?? 0);
  const answerCuts = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
  const bestA = await search(config.answers, answered(await cvScore(config)), ['model'], answerCuts, answered);
  console.log(`answers: ${bestA.mode} at ${bestA.threshold}`);

  const chosen = await cvResult(config);
  console.log('\ndevelopment set, 5-fold cross-validation by call (each call analysed by a model trained without it)\n');
  console.log(
    scoreTable([
      { title: 'keyword rules', score: (await cvResult(null)).score },
      { title: 'model + rules, as chosen', score: chosen.score },
      { title: 'hand-written: rules', score: rules },
      { title: 'hand-written: chosen', score: (await cvResult(config, handWrittenSet)).score },
    ])
      .split('\n')
      .filter((row) => /^\| (?:figure|---|calls|requirements|questions|answer right) /.test(row))
      .join('\n'),
  );
  if (process.argv.includes('--verbose')) {
    console.log('\nDevelopment calls, cross-validated misses:');
    for (const call of chosen.perCall) {
      const misses = call.misses.filter((m) => /^(?:requirement|question|answer)/.test(m));
      if (misses.length) console.log(`${call.file}\n  ${misses.join('\n  ')}`);
    }
  }

  const final = trainModel(prepared, 1, { version: 1, ...config });
  const json = `${JSON.stringify(final)}\n`;
  const sha = createHash('sha256').update(json).digest('hex').slice(0, 16);
  console.log(`\nweights: ${(json.length / 1024).toFixed(0)} KB, sha256 ${sha}`);
  if (check) {
    const committed = fs.readFileSync(out, 'utf8');
    if (committed !== json) {
      console.error(`${path.relative(root, out)} differs from what training gives: run npm run train:calls`);
      process.exitCode = 1;
    } else console.log(`${path.relative(root, out)} is what training gives`);
  } else {
    fs.writeFileSync(out, json);
    console.log(`wrote ${path.relative(root, out)}`);
  }
}

await main();
