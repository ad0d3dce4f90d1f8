import { DIAGNOSIS_MAX_LENGTH, modelAnalysisSchema, type ModelAnalysis } from '@nexa/domain';

function candidates(content: string): string[] {
  const found = [content.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fenced?.[1]) found.push(fenced[1].trim());
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first !== -1 && last > first) found.push(content.slice(first, last + 1));
  return found;
}

/** Plain text as the UI shows it: no markup, no markdown emphasis, at most one blank line in a row. */
export function tidyDiagnosis(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/<[^>\n]{1,200}>/g, '')
    .replace(/\*\*|__|^#+\s*/gm, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, DIAGNOSIS_MAX_LENGTH);
}

/**
 * Reads a model's answer. Repairs what is safe to repair (code fences, prose around the JSON,
 * the response's own key names, markup in the text); anything else is rejected with null, so
 * raw model output never reaches a visitor.
 */
export function parseModelAnswer(content: string | null | undefined): ModelAnalysis | null {
  if (!content) return null;
  for (const candidate of candidates(content)) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const object = value as Record<string, unknown>;
    const diagnosis = object.diagnosis ?? object.analysis;
    const parsed = modelAnalysisSchema.safeParse({
      diagnosis: typeof diagnosis === 'string' ? tidyDiagnosis(diagnosis) : diagnosis,
      cards: object.cards ?? object.recommendedCards ?? [],
    });
    if (parsed.success) return parsed.data;
  }
  return null;
}
