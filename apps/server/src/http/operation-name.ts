/**
 * A default operationId from a route's method and URL, in the words of its path: `GET /api/opportunities`
 * is `listOpportunities`, `GET /api/opportunities/:id/specification` is `getOpportunitySpecification`.
 * An area's name (its tag) that only groups what follows is left out: `PUT /api/team/representatives/:id/quota`
 * is `setRepresentativeQuota`. A route whose name reads badly this way states its own.
 */
const VERB: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'set', PATCH: 'update', DELETE: 'delete' };
/** Words written in capitals in a sentence. */
const ACRONYMS = new Set(['api', 'csv', 'ics', 'pdf', 'id']);

function singular(word: string): string {
  if (word.endsWith('yses')) return `${word.slice(0, -3)}sis`;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const isParam = (segment: string | undefined) => segment?.startsWith(':') ?? false;

export function operationNameFor(method: string, url: string, tag?: string): string {
  const segments = url
    .replace(/^\/api\/(v\d+\/)?/, '')
    .split('/')
    .filter(Boolean);
  if (segments[0] === tag && segments.length > 1 && !isParam(segments[1])) segments.shift();
  const words: string[] = [];
  segments.forEach((segment, index) => {
    if (isParam(segment)) return;
    const parts = segment.split(/[-.]/).filter(Boolean);
    // A collection followed by an id, or the one a POST creates, is named in the singular.
    const one = isParam(segments[index + 1]) || (method === 'POST' && index === segments.length - 1);
    if (one) parts.push(singular(parts.pop()!));
    words.push(...parts);
  });
  const last = words.at(-1) ?? '';
  const plural = !ACRONYMS.has(last) && singular(last) !== last;
  const verb = method === 'GET' && !isParam(segments.at(-1)) && plural ? 'list' : (VERB[method] ?? method.toLowerCase());
  return [verb, ...words].map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** `listApiKeys` → "List API keys". */
export function sentenceOf(name: string): string {
  const words = name.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  const sentence = words.map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w)).join(' ');
  return sentence[0]!.toUpperCase() + sentence.slice(1);
}
