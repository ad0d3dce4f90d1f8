import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE, pickLanguage, preferredLanguageOf, type Language } from '@nexa/domain/language';
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { looksLikeApiPath } from './api-route.ts';
import { body } from './error-handler.ts';
import { compress, htmlEncoding } from './html-encoding.ts';
import { loadSignedInPages } from './signed-in-pages.ts';

/** Where the web build writes the pre-rendered public pages, and their index (apps/web/build/prerender.ts). */
const PAGES_DIR = 'pages';
const PAGES_INDEX = 'pages.json';

interface PrerenderedPages {
  languages: string[];
  /** URL path → file name inside pages/<language>/. */
  pages: Record<string, string>;
}

function readPrerenderedPages(webDistDir: string): PrerenderedPages | undefined {
  const file = path.join(webDistDir, PAGES_DIR, PAGES_INDEX);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PrerenderedPages;
}

/**
 * The language of the page to send: the visitor's stored choice (the cookie the
 * language toggle sets), else French when the browser's first language is French, else English —
 * the rule the browser applies with `navigator.language`, so the page hydrates as it was painted.
 */
function requestLanguage(request: FastifyRequest): Language {
  const stored = parseCookie(request.headers.cookie ?? '')[LANGUAGE_COOKIE];
  return pickLanguage(stored, preferredLanguageOf(request.headers['accept-language']));
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached. The public pages
 * pre-rendered at build time (decision 010) are sent in the visitor's language; any other GET gets
 * index.html, so client-side routes survive a reload. /api/* never falls back to the app: an
 * unknown API path is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const prerendered = hasWeb ? readPrerenderedPages(webDistDir) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The pre-rendered pages are reached by their own URLs only, in the negotiated language.
      globIgnore: [`${PAGES_DIR}/**`],
      // The web build writes .br/.gz beside each asset (apps/web/build/precompress.ts): sent as negotiated.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const renderSignedIn = hasWeb ? await loadSignedInPages(app, webDistDir, template) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (looksLikeApiPath(url) || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(body('not_found', `No route ${request.method} ${url}`));
    }
    // A missing hashed asset is a real 404, not the app.
    if (url.startsWith('/assets/')) return reply.status(404).send(body('not_found', 'No such asset'));
    if (prerendered && Object.hasOwn(prerendered.pages, url)) {
      const language = requestLanguage(request);
      if (prerendered.languages.includes(language)) {
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .header('content-language', language)
          .type('text/html')
          .sendFile(path.posix.join(PAGES_DIR, language, prerendered.pages[url]!));
      }
    }
    if (renderSignedIn && request.method === 'GET') {
      const language = requestLanguage(request);
      const html = await renderSignedIn(request, language);
      // One person's page with their data: never stored by a cache, never shared.
      if (html !== undefined) {
        const encoding = htmlEncoding(request.headers['accept-encoding']);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'Cookie, Accept-Encoding')
          .header('content-language', language)
          .type('text/html; charset=utf-8')
          .send(compress(html, encoding));
      }
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
