import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { Language } from '@nexa/domain/language';

/**
 * Where the web build writes its server-side renderer, beside the client's dist/
 * (apps/web/build/prerender.ts: SSR_OUT_DIR).
 */
const RENDERER_DIR = 'dist-ssr';

/** The renderer's side of the contract (apps/web/src/entry-server.tsx: renderSignedInPage). */
interface SignedInPageRenderer {
  renderSignedInPage(request: {
    url: string;
    language: Language;
    cookie: string;
    userAgent: string;
    transport: (path: string, init: RequestInit) => Promise<Response>;
    template: string;
  }): Promise<string | undefined>;
}

export type RenderSignedInPage = (request: FastifyRequest, language: Language) => Promise<string | undefined>;

/**
 * The API as the page's request sees it, without the network: each read the renderer makes goes
 * through the whole stack (session, role, scoping, rate limits on the visitor's address) by
 * `app.inject`, so a server-rendered page holds exactly what its reads would answer the browser.
 */
function transportFor(app: FastifyInstance, request: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    // The page's request id too: its reads are logged under the id of the page they were made for.
    const headers: Record<string, string> = { cookie: request.headers.cookie ?? '', 'x-request-id': request.id };
    for (const name of ['accept-language', 'user-agent'] as const) {
      const value = request.headers[name];
      if (value) headers[name] = value;
    }
    const answer = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url,
      headers,
      remoteAddress: request.ip,
    });
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/octet-stream') },
    });
  };
}

/**
 * Renders the signed-in first pages on the server with their data (decision 024): the person's
 * dashboard, list, board or representative page paints from its HTML, as the public pages do, instead
 * of after the JavaScript and the reads. Undefined when the web build has no renderer (the API alone,
 * in tests). The page is the renderer's to decide (its router matches the path); any failure leaves
 * the page to the browser, as before.
 */
export async function loadSignedInPages(
  app: FastifyInstance,
  webDistDir: string,
  template: string,
): Promise<RenderSignedInPage | undefined> {
  const file = path.join(webDistDir, '..', RENDERER_DIR, 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as SignedInPageRenderer;
  return async (request, language) => {
    const cookie = request.headers.cookie;
    if (!cookie) return undefined;
    try {
      return await renderer.renderSignedInPage({
        url: request.url,
        language,
        cookie,
        userAgent: request.headers['user-agent'] ?? '',
        transport: transportFor(app, request),
        template,
      });
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed; the browser renders the page');
      return undefined;
    }
  };
}
