import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * The API reference page at /api/docs: Scalar's standalone bundle reading /api/openapi.json. The bundle is
 * served from the installed package (nothing from a CDN) and only this page loads it.
 */
const BUNDLE_FILE = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
// The package does not export its package.json: read it from the folder the bundle is in (dist/browser/).
const { version } = JSON.parse(fs.readFileSync(path.resolve(BUNDLE_FILE, '../../../package.json'), 'utf8')) as {
  version: string;
};
/** Versioned, so a browser may keep it for good and an upgrade is fetched anew. */
export const SCRIPT_URL = `/api/docs/api-reference-${version}.js`;

/**
 * This page's own policy, narrower than the site's: its script from here, the document and "try it" calls
 * to this origin only. Scalar sets styles at run time, hence inline styles. No default fonts (they come
 * from Scalar's servers).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Nothing leaves for Scalar's own services (fonts, telemetry, its AI agent); operationIds are shown, as clients name methods by them. */
const SCALAR_CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  showOperationId: true,
});

const page = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Nexa API reference</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration='${SCALAR_CONFIGURATION}'></script>
    <script src="${SCRIPT_URL}"></script>
  </body>
</html>
`;

/** The 3.5 MB bundle, read and gzipped (≈1 MB) once, on the first request. */
let bundle: { raw: Buffer; gzip: Buffer } | undefined;
function scalarBundle() {
  if (!bundle) {
    const raw = fs.readFileSync(BUNDLE_FILE);
    bundle = { raw, gzip: zlib.gzipSync(raw) };
  }
  return bundle;
}

export async function apiDocsRoutes(app: FastifyInstance) {
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page()),
  );

  app.get(SCRIPT_URL, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const { raw, gzip } = scalarBundle();
    const gzipped = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (gzipped) reply.header('content-encoding', 'gzip');
    return reply
      .header('vary', 'Accept-Encoding')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(gzipped ? gzip : raw);
  });
}
