import { DIAGNOSIS_MAX_LENGTH, modelAnalysisSchema, type ModelAnalysis } from '@nexa/domain';

/** The texts a model's answer may hold its JSON in: whole, in a fenced block, or between the outer braces. */
function jsonCandidates(content: string): string[] {
  const found = [content.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fenced?.[1]) found.push(fenced[1].trim());
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first !== -1 && last > first) found.push(content.slice(first, last + 1));
  return found;
}

/** The JSON objects a model's answer holds, in the order above; text that is not an object is skipped. */
export function* jsonObjects(content: string): Generator<Record<string, unknown>> {
  for (const candidate of jsonCandidates(content)) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) yield value as Record<string, unknown>;
  }
}

/** Plain text as the UI shows it: no markup, no markdown emphasis, at most one blank line in a row. */
export function tidyDiagnosis(text: string): string {
  // Bounded first: the patterns below run on whatever a model sent, and must stay cheap.
  return text
    .slice(0, DIAGNOSIS_MAX_LENGTH * 4)
    .replace(/\r\n?/g, '\n')
    .replace(/<[^>\n]{1,200}>/g, '')
    .replace(/\*\*|__|^#+\s*/gm, '')
    .split('\n')
    .map(trimEndBlanks)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, DIAGNOSIS_MAX_LENGTH);
}

/**
 * Drops trailing spaces and tabs in linear time. The regex /[ \t]+\n/ backtracks quadratically
 * on a long run of blanks: 20 KB of spaces from a misbehaving model blocked the event loop 2 s.
 */
function trimEndBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
  return line.slice(0, end);
}

/** Far above any honest answer (a diagnosis of at most DIAGNOSIS_MAX_LENGTH characters and two card ids). */
export const MODEL_ANSWER_MAX_LENGTH = 64 * 1024;

/**
 * Reads a model's answer. Repairs what is safe to repair (code fences, prose around the JSON,
 * the response's own key names, markup in the text); anything else is rejected with null, so
 * raw model output never reaches a visitor.
 */
export function parseModelAnswer(content: string | null | undefined): ModelAnalysis | null {
  if (!content || content.length > MODEL_ANSWER_MAX_LENGTH) return null;
  for (const object of jsonObjects(content)) {
    const diagnosis = object.diagnosis ?? object.analysis;
    const parsed = modelAnalysisSchema.safeParse({
      diagnosis: typeof diagnosis === 'string' ? tidyDiagnosis(diagnosis) : diagnosis,
      cards: object.cards ?? object.recommendedCards ?? [],
    });
    if (parsed.success) return parsed.data;
  }
  return null;
}
