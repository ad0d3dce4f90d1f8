import type { TranscriptLine } from '../transcript.ts';
import { answerFeatures, clauses, isQuestionForm, textFeatures, type Side } from './features.ts';

/**
 * The turn model's shape and how it is applied (docs/call-analysis.md, "The turn model"): three
 * logistic regressions over the features of features.ts — is this turn a requirement of the
 * buyer's, is it a question the buyer asks the sellers, and is this later turn the answer to that
 * question. The weights come from apps/server/src/cli/train-call-model.ts; this file holds none,
 * so the web bundle, which shares the domain package, never carries them (they are loaded by
 * call-model/index.ts, imported by the server only).
 */

export interface LinearModel {
  /** Feature name → weight; a feature absent here weighs 0. */
  weights: Record<string, number>;
  /** A score at or above this (0..1) says yes. */
  threshold: number;
}

/**
 * How the model and the keyword rules are combined, whichever scored best on the development
 * set's cross-validation: the model alone, the rules alone, either, or both; or the model and,
 * besides, the rules' picks that are questions (a technical question is a requirement too).
 */
export type Combination = 'model' | 'rules' | 'union' | 'intersection' | 'modelOrAskedByRules';

export interface CallTurnModel {
  version: 1;
  requirements: LinearModel & { mode: Combination };
  questions: LinearModel & { mode: Combination };
  /** The answer scorer; `window` is how many turns after the question are candidates. */
  answers: LinearModel & { mode: 'model' | 'rules'; window: number };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function scoreOf(model: Pick<LinearModel, 'weights'>, features: readonly string[]): number {
  let sum = 0;
  for (const f of features) sum += model.weights[f] ?? 0;
  return sigmoid(sum);
}

/** Only "okay", "d'accord", "mm-hmm" and the like: a turn or a line that says nothing. */
export const FILLER =
  /^(?:(?:um+|uh+|hmm+|mm-?hmm|mhm|euh+|ben|bah|ok(?:ay)?|yeah|yes|yep|right|sure|d'accord|oui|ouais|voilà|exactly|exactement|got it|je vois|i see|ah|oh|so|alors|bon|well|sorry|pardon|go ahead|allez-y|no|non|merci|thanks|thank you)[\s,.!?…-]*)+$/i;
/** A turn of one word or two, or only filler: not a turn that says anything. */
const isFillerTurn = (text: string) => FILLER.test(text.trim()) || text.trim().split(/\s+/).length <= 2;

export interface Turn {
  index: number;
  line: TranscriptLine;
  side: Side;
  features: string[];
  context: { afterOtherQuestion: boolean; reply: string | null };
  /** The features of each clause long enough to score alone (turnScore's), read once for every model that scores the turn. */
  clauseFeatures?: string[][];
}

/** Every turn that says something, with its features (side from the role decisions). */
export function turnsOf(lines: readonly TranscriptLine[], sideOf: (line: TranscriptLine) => Side): Turn[] {
  const out: Turn[] = [];
  const spoken = [...lines.entries()].filter(([, line]) => !isFillerTurn(line.text));
  let previous: { side: Side; question: boolean } | null = null;
  for (const [k, [index, line]] of spoken.entries()) {
    const side = sideOf(line);
    const afterOtherQuestion = !!previous && previous.question && previous.side !== side;
    // The next turn by someone else: how the turn was taken.
    const next = spoken.slice(k + 1, k + 3).find(([, l]) => l.speaker !== line.speaker)?.[1];
    const reply = next ? next.text : null;
    out.push({
      index,
      line,
      side,
      features: textFeatures(line.text, side, { afterOtherQuestion, reply }),
      context: { afterOtherQuestion, reply },
    });
    previous = { side, question: clauses(line.text).some(isQuestionForm) };
  }
  return out;
}

/** The clause of a turn the model scores highest (the requirement's quote; the turn is its citation). */
export function bestClause(model: LinearModel, text: string, side: Side): string {
  const parts = clauses(text);
  if (parts.length <= 1) return text.trim();
  let best = parts[0]!;
  let bestScore = -1;
  for (const part of parts) {
    if (part.split(/\s+/).length < 3) continue;
    const score = scoreOf(model, textFeatures(part, side));
    if (score > bestScore) {
      best = part;
      bestScore = score;
    }
  }
  return best;
}

export interface AnswerCandidate {
  index: number;
  line: TranscriptLine;
  features: string[];
}

/**
 * The turns that may answer the question at `index`: the next `window` turns that say something,
 * by anyone but the asker, each with its features (its rank, side, words shared with the question,
 * and whether the buyer spoke or asked again in between).
 */
export function answerCandidates(
  lines: readonly TranscriptLine[],
  index: number,
  question: string,
  sideOf: (line: TranscriptLine) => Side,
  window: number,
): AnswerCandidate[] {
  const asker = lines[index]!;
  const out: AnswerCandidate[] = [];
  let prospectTurn = false;
  let prospectQuestion = false;
  let lastSpeaker: string | null | undefined = asker.speaker;
  for (let j = index + 1, seen = 0; j < lines.length && seen < window; j += 1) {
    const line = lines[j]!;
    if (isFillerTurn(line.text)) continue;
    seen += 1;
    const side = sideOf(line);
    const sameAsAsker = !!asker.speaker && line.speaker === asker.speaker;
    if (!sameAsAsker) {
      // Anyone but the asker: a seller, or another buyer (the side is a feature).
      out.push({
        index: j,
        line,
        features: answerFeatures(question, line.text, side, out.length + 1, {
          prospectTurn,
          prospectQuestion,
          sameSpeakerBefore: !!line.speaker && line.speaker === lastSpeaker,
        }),
      });
    }
    if (side === 'prospect' || sameAsAsker) {
      prospectTurn = true;
      if (clauses(line.text).some(isQuestionForm)) prospectQuestion = true;
    }
    lastSpeaker = line.speaker;
  }
  return out;
}

/** The best-scored candidate when it scores at or above the threshold, else none. */
export function pickAnswer(model: LinearModel, candidates: readonly AnswerCandidate[]): AnswerCandidate | null {
  let best: AnswerCandidate | null = null;
  let bestScore = -1;
  for (const c of candidates) {
    const score = scoreOf(model, c.features);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best && bestScore >= model.threshold ? best : null;
}

/**
 * A turn's score: the turn's, or a clause's when one scores higher — a requirement said in one
 * clause of a long turn is not drowned by the rest of it.
 */
export function turnScore(model: Pick<LinearModel, 'weights'>, turn: Turn): number {
  let best = scoreOf(model, turn.features);
  turn.clauseFeatures ??= clauseFeaturesOf(turn);
  for (const features of turn.clauseFeatures) best = Math.max(best, scoreOf(model, features));
  return best;
}

/** A turn's clauses of five words or more, each with its features (none when the turn is one clause). */
function clauseFeaturesOf(turn: Turn): string[][] {
  const parts = clauses(turn.line.text);
  if (parts.length < 2) return [];
  return parts.filter((part) => part.split(/\s+/).length >= 5).map((part) => textFeatures(part, turn.side, turn.context));
}
