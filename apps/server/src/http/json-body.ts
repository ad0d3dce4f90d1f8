import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** No request of the API nests deeper than a few levels; 32 leaves room and refuses bombs. */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of objects and arrays in a JSON text, read in one pass that stops as soon as
 * `limit` is passed. Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies are checked for depth before they are parsed: a 1 MB body of nested brackets then
 * costs one linear scan, like a flat one, instead of a parse and a validation that recurse through
 * hundreds of thousands of levels on the event loop. Parsing itself stays Fastify's (with its
 * prototype-poisoning guard).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('bad_request', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
