import { QUALIFICATION_BOXES, type CallAnalysis, type QualificationBox } from './schemas/call-insights.ts';

/**
 * Merges the analyses of a long transcript's chunks into one (docs/decisions/008). Line numbers
 * are global already; a point the chunk overlap produced twice is kept once with both citations.
 */

const key = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y).slice(0, 50);

/**
 * One list from the chunks' lists. Two points are one when their words match, or when they come
 * from different chunks and cite a common line: only the overlap between windows is seen twice, and
 * a model words the same point differently each time. A merged point keeps every citation, and
 * takes at most one point of each other chunk (two points of one overlapping line stay two).
 */
function mergePoints<T extends { lines: number[] }>(
  lists: T[][],
  keyOf: (item: T) => string,
  max: number,
  combine: (kept: T, other: T) => T = (kept) => kept,
): T[] {
  const merged: Array<{ item: T; key: string; parts: Set<number> }> = [];
  lists.forEach((list, part) => {
    for (const item of list) {
      const k = keyOf(item);
      const seen =
        merged.find((m) => m.key === k) ??
        merged.find((m) => !m.parts.has(part) && item.lines.some((n) => m.item.lines.includes(n)));
      if (seen) {
        seen.item = { ...combine(seen.item, item), lines: union(seen.item.lines, item.lines) };
        seen.parts.add(part);
      } else merged.push({ item: { ...item, lines: [...item.lines] }, key: k, parts: new Set([part]) });
    }
  });
  return merged.map((m) => m.item).slice(0, max);
}

/** A box ticked in any chunk is ticked, with the lines of every chunk that ticked it. */
function mergeBox(boxes: NonNullable<CallAnalysis['qualification']>[QualificationBox][]) {
  const ticked = boxes.filter((b) => b.ticked);
  if (!ticked.length) return boxes[0]!;
  return { ...ticked[0]!, lines: ticked.reduce<number[]>((lines, b) => union(lines, b.lines), []) };
}

const lastNonNull = <T>(values: Array<T | null>) => values.filter((v): v is T => v !== null).at(-1) ?? null;

function mergeScore(scores: CallAnalysis['technicalScore'][]): CallAnalysis['technicalScore'] {
  // A chunk with more evidence weighs more than a chunk of small talk.
  const weights = scores.map((s) => s.reasons.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const score = scores.reduce((sum, s, i) => sum + s.score * weights[i]!, 0) / total;
  return {
    score: Math.round(Math.min(10, Math.max(0, score)) * 10) / 10,
    reasons: mergePoints(
      scores.map((s) => s.reasons),
      (r) => key(r.text),
      20,
    ),
  };
}

function mergeText(texts: string[]): string {
  const unique = [
    ...new Map(
      texts
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => [key(t), t]),
    ).values(),
  ];
  return unique.join('\n\n').slice(0, 4000);
}

export function mergeCallAnalyses(parts: CallAnalysis[]): CallAnalysis {
  if (!parts.length) throw new Error('nothing to merge');
  if (parts.length === 1) return parts[0]!;
  return {
    language: parts[0]!.language,
    quick: parts.some((p) => p.quick),
    technicalRequirements: mergePoints(
      parts.map((p) => p.technicalRequirements),
      (r) => key(r.question),
      100,
    ),
    commercialPoints: mergePoints(
      parts.map((p) => p.commercialPoints),
      (p) => key(p.text),
      100,
    ),
    technicalScore: mergeScore(parts.map((p) => p.technicalScore)),
    commercialScore: mergeScore(parts.map((p) => p.commercialScore)),
    feedback: {
      technical: mergeText(parts.map((p) => p.feedback.technical)),
      commercial: mergeText(parts.map((p) => p.feedback.commercial)),
    },
    nextSteps: mergePoints(
      parts.map((p) => p.nextSteps),
      (p) => key(p.text),
      50,
    ),
    // Later in the call is better informed (a status or a date may be corrected as it goes).
    suggestedLeadStatus: lastNonNull(parts.map((p) => p.suggestedLeadStatus)),
    nextMeeting: lastNonNull(parts.map((p) => p.nextMeeting)),
    ...mergeExtras(parts),
  };
}

/** The fields issue 20 added: questions and boxes from every chunk, citation counts summed. */
function mergeExtras(parts: CallAnalysis[]): Partial<CallAnalysis> {
  const extras: Partial<CallAnalysis> = {};
  if (parts.some((p) => p.questions)) {
    extras.questions = mergePoints(
      parts.map((p) => p.questions ?? []),
      (q) => key(q.text),
      100,
      // A question one window saw unanswered may be answered in the next one.
      (kept, other) =>
        kept.answer === null && other.answer !== null
          ? { ...kept, answer: other.answer, answerLines: other.answerLines }
          : { ...kept, answerLines: union(kept.answerLines, other.answerLines) },
    );
  }
  const boxes = parts.map((p) => p.qualification).filter((q) => q !== undefined);
  if (boxes.length) {
    extras.qualification = Object.fromEntries(
      QUALIFICATION_BOXES.map((box) => [box, mergeBox(boxes.map((q) => q[box]))]),
    ) as NonNullable<CallAnalysis['qualification']>;
  }
  if (parts.some((p) => p.citations)) {
    extras.citations = {
      checked: parts.reduce((sum, p) => sum + (p.citations?.checked ?? 0), 0),
      dropped: parts.reduce((sum, p) => sum + (p.citations?.dropped ?? 0), 0),
    };
  }
  const first = parts.find((p) => p.speakers);
  if (first?.speakers) extras.speakers = first.speakers;
  return extras;
}

/**
 * Keeps only citations of lines firstLine..lastLine (the transcript, or the chunk a model saw). A
 * point whose every citation pointed outside is dropped: its source was invented, so it cannot be audited.
 */
/** Every line number a result cites. */
export function citedLineNumbers(result: CallAnalysis): number[] {
  const all = [
    ...result.technicalRequirements,
    ...result.commercialPoints,
    ...result.technicalScore.reasons,
    ...result.commercialScore.reasons,
    ...result.nextSteps,
    ...(result.suggestedLeadStatus ? [result.suggestedLeadStatus] : []),
    ...(result.nextMeeting ? [result.nextMeeting] : []),
    ...(result.committeeRoles ?? []),
  ].flatMap((item) => item.lines);
  return [...new Set(all)].sort((a, b) => a - b);
}

export function dropOutOfRangeCitations(analysis: CallAnalysis, lastLine: number, firstLine = 1): CallAnalysis {
  const ok = (lines: number[]) => [...new Set(lines.filter((n) => Number.isInteger(n) && n >= firstLine && n <= lastLine))];
  const fix = <T extends { lines: number[] }>(items: T[]) =>
    items.map((item) => ({ ...item, lines: ok(item.lines) })).filter((item, i) => item.lines.length || !items[i]!.lines.length);
  return {
    ...analysis,
    technicalRequirements: fix(analysis.technicalRequirements),
    commercialPoints: fix(analysis.commercialPoints),
    technicalScore: { ...analysis.technicalScore, reasons: fix(analysis.technicalScore.reasons) },
    commercialScore: { ...analysis.commercialScore, reasons: fix(analysis.commercialScore.reasons) },
    nextSteps: fix(analysis.nextSteps),
    suggestedLeadStatus: analysis.suggestedLeadStatus && {
      ...analysis.suggestedLeadStatus,
      lines: ok(analysis.suggestedLeadStatus.lines),
    },
    nextMeeting: analysis.nextMeeting && { ...analysis.nextMeeting, lines: ok(analysis.nextMeeting.lines) },
  };
}
