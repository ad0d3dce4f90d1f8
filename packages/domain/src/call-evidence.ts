import type { CallAnalysis } from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';
import { QUALIFICATION_BOXES } from './schemas/call-insights.ts';

/**
 * Evidence that checks out (docs/decisions/019): a point's citations must name lines that exist
 * and, when it quotes, the quoted words must occur in those lines. A point that fails is dropped
 * and counted — shown to nobody, because an unsupported claim about a call is worse than none.
 */

const tokens = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’']/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether every word of the quote occurs in the cited lines (in any order: a model may trim or reorder a little). */
export function quoteOccurs(quote: string, cited: readonly string[]): boolean {
  const said = new Set(cited.flatMap((text) => tokens(text)));
  const quoted = tokens(quote);
  if (!quoted.length) return true;
  const found = quoted.filter((w) => said.has(w)).length;
  return found === quoted.length;
}

export interface CitationCheck {
  ok: boolean;
  reason?: 'no_line' | 'missing_line' | 'quote_not_found';
}

type CitableLine = Pick<TranscriptLine, 'number' | 'text' | 'speaker'>;

/** Lines by number; pass one map for many checks (a 2 MB call has 20,000 lines). */
export const linesByNumber = (lines: readonly CitableLine[]) => new Map(lines.map((l) => [l.number, l]));

export function checkCitation(
  item: { lines: readonly number[]; quote?: string | undefined },
  lines: readonly CitableLine[] | ReadonlyMap<number, CitableLine>,
  { requireLine = true } = {},
): CitationCheck {
  if (!item.lines.length) return requireLine ? { ok: false, reason: 'no_line' } : { ok: true };
  const byNumber = lines instanceof Map ? lines : linesByNumber(lines as readonly CitableLine[]);
  const cited = item.lines.map((n) => byNumber.get(n));
  if (cited.some((l) => !l)) return { ok: false, reason: 'missing_line' };
  if (
    item.quote &&
    !quoteOccurs(
      item.quote,
      cited.map((l) => `${l!.speaker ?? ''} ${l!.text}`),
    )
  )
    return { ok: false, reason: 'quote_not_found' };
  return { ok: true };
}

/**
 * Keeps the points whose evidence checks out and counts the others. Scores' reasons may cite no
 * line ("Not discussed: …"); every extracted point must cite one. A qualification box whose
 * evidence fails is unticked.
 */
export function verifyCitations(analysis: CallAnalysis, transcript: readonly CitableLine[]): CallAnalysis {
  const lines = linesByNumber(transcript);
  let checked = 0;
  let dropped = 0;
  const keep = <T extends { lines: number[]; quote?: string | undefined }>(items: T[], requireLine = true): T[] =>
    items.filter((item) => {
      checked += 1;
      const ok = checkCitation(item, lines, { requireLine }).ok;
      if (!ok) dropped += 1;
      return ok;
    });
  const questions = analysis.questions?.filter((q) => {
    checked += 1;
    const ok = checkCitation(q, lines).ok && (!q.answerLines.length || checkCitation({ lines: q.answerLines }, lines).ok);
    if (!ok) dropped += 1;
    return ok;
  });
  let qualification = analysis.qualification;
  if (qualification) {
    qualification = { ...qualification };
    for (const box of QUALIFICATION_BOXES) {
      const value = qualification[box];
      if (!value.ticked) continue;
      checked += 1;
      if (!checkCitation(value, lines).ok) {
        dropped += 1;
        qualification[box] = { ticked: false, text: null, lines: [] };
      }
    }
  }
  const single = <T extends { lines: number[] }>(value: T | null): T | null => {
    if (!value) return value;
    checked += 1;
    if (checkCitation(value, lines, { requireLine: false }).ok) return value;
    dropped += 1;
    return null;
  };
  return {
    ...analysis,
    technicalRequirements: keep(analysis.technicalRequirements),
    commercialPoints: keep(analysis.commercialPoints),
    technicalScore: { ...analysis.technicalScore, reasons: keep(analysis.technicalScore.reasons, false) },
    commercialScore: { ...analysis.commercialScore, reasons: keep(analysis.commercialScore.reasons, false) },
    nextSteps: keep(analysis.nextSteps),
    suggestedLeadStatus: single(analysis.suggestedLeadStatus),
    nextMeeting: single(analysis.nextMeeting),
    ...(questions ? { questions } : {}),
    ...(qualification ? { qualification } : {}),
    // Points an earlier pass dropped were checked too (a model's chunk, before the merge).
    citations: { checked: checked + (analysis.citations?.dropped ?? 0), dropped: dropped + (analysis.citations?.dropped ?? 0) },
  };
}
