import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

export type HtmlEncoding = 'br' | 'gzip' | 'identity';

/** Brotli, else gzip, else none: the one the browser prefers of those it accepts (q-values honoured). */
export function htmlEncoding(accept: string | undefined): HtmlEncoding {
  return negotiate<HtmlEncoding>(accept ?? '', ['br', 'gzip']) ?? 'identity';
}

/**
 * A page rendered per request is compressed as it is sent (the built files come compressed from the
 * build): at a middle quality, a few milliseconds for tens of kilobytes that a phone then need not fetch.
 */
export function compress(html: string, encoding: HtmlEncoding): Buffer | string {
  if (encoding === 'br') return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  return encoding === 'gzip' ? zlib.gzipSync(html, { level: 6 }) : html;
}
