import type { CallAnalysis } from './schemas/call-insights.ts';

/**
 * An analysis written into the opportunity's text fields in the specification's formats, so the
 * existing readers (parseTechnicalQa, parseCommercialPoints in call-analysis.ts) read it back
 * unchanged: `Question:`/`Response:` pairs and "1- Title: text" points.
 */

/**
 * The text without `**`, `__` or backticks, removed until none is left ("*`*" gives "**" after one
 * pass). Removing them pass after pass cost one pass per level of nesting ("_*_*…`…*_*_": quadratic);
 * the result is the same whatever the order of removals (each removes a pair no other can split), so
 * one pass with a stack gives it: a mark cancels the same mark just before it.
 */
export function withoutMarkdown(text: string): string {
  const kept: string[] = [];
  for (const char of text) {
    if (char === '`') continue;
    if ((char === '*' || char === '_') && kept[kept.length - 1] === char) kept.pop();
    else kept.push(char);
  }
  return kept.join('');
}

/** One line of plain text: no markdown the parsers would strip, no label they would eat. */
function flat(text: string): string {
  return withoutMarkdown(text)
    .replace(/\s+/g, ' ')
    .replace(/^(?:#+\s*)+/, '')
    .replace(/^(?:(?:\d+\s*[-.)]\s*)?(?:question|q|response|answer|réponse|reponse|a)\s*\d*\s*:\s*)+/i, '')
    .trim();
}

/** A response ending in "?" would read as a question in the parser's fallback. */
const notAQuestion = (text: string) => (text.endsWith('?') ? `${text.slice(0, -1).trimEnd()}.` : text);

export function formatTechnicalAnswers(requirements: CallAnalysis['technicalRequirements']): string {
  return requirements
    .map((r) => ({ question: flat(r.question), response: notAQuestion(flat(r.response)) }))
    .filter((r) => r.question && r.response)
    .map((r) => `Question: ${r.question}\nResponse: ${r.response}`)
    .join('\n\n');
}

/** The parser splits "Title: text" at a colon in the first 80 characters; normalise its spacing so it reads back the same. */
export function normaliseCommercialPoint(text: string): string {
  const line = flat(text);
  const colon = line.indexOf(':');
  if (colon > 0 && colon <= 80) return `${line.slice(0, colon).trim()}: ${line.slice(colon + 1).trim()}`;
  return line;
}

export function formatCommercialAnswers(points: CallAnalysis['commercialPoints']): string {
  return points
    .map((p) => normaliseCommercialPoint(p.text))
    .filter((text) => text && !/^[^:]*:\s*$/.test(text))
    .map((text, i) => `${i + 1}- ${text}`)
    .join('\n');
}

/** Feedback as the detail page shows it: the coaching text, then the score's reasons. */
export function formatFeedback(feedback: string, reasons: CallAnalysis['technicalScore']['reasons']): string {
  const parts = [feedback.trim(), ...reasons.map((r) => `- ${flat(r.text)}`)].filter(Boolean);
  return parts.join('\n');
}
