import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, htmlEncoding } from '../src/http/html-encoding.ts';

describe('a page rendered per request, compressed as the browser accepts', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(htmlEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(htmlEncoding('gzip, deflate')).toBe('gzip');
    expect(htmlEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(htmlEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(htmlEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(htmlEncoding(undefined)).toBe('identity');
  });

  it('sends what decompresses to the page', () => {
    const html = `<!doctype html><p>${'Nexa — pipeline '.repeat(200)}</p>`;
    const br = compress(html, 'br') as Buffer;
    const gzip = compress(html, 'gzip') as Buffer;
    expect(zlib.brotliDecompressSync(br).toString('utf8')).toBe(html);
    expect(zlib.gunzipSync(gzip).toString('utf8')).toBe(html);
    expect(br.length).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(compress(html, 'identity')).toBe(html);
  });
});
