/**
 * JavaScript's \b and \w know only ASCII letters, so "sécurité" or "échéance" never match a
 * /\bword\b/ pattern. `words` compiles a pattern written with \b and \w into one whose word
 * boundaries and word characters include every letter (flags i and u).
 */
const WORD = '[\\p{L}\\p{N}_]';

/**
 * Every \b in these patterns stands before or after a word, so "no word character before" and
 * "no word character after" are enough, and much cheaper than a full boundary test at every
 * position of a 2 MB transcript.
 */
export function words(pattern: RegExp | string, flags = 'iu'): RegExp {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const compiled = source
    // \b at the start, after "(", "(?:", "|": a word begins here.
    .replace(/(^|\(\?:|\(|\|)\\b/g, `$1(?<!${WORD})`)
    // Any other \b: a word ends here.
    .replace(/\\b/g, `(?!${WORD})`)
    .replace(/\\w/g, WORD);
  return new RegExp(compiled, flags);
}

/** A literal text as a pattern: every character a RegExp would read as syntax escaped. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
