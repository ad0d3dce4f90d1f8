import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { body } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached,
 * and index.html for any other GET so client-side routes survive a reload.
 * /api/* never falls back to the app: an unknown API path is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts): sent as negotiated.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(body('not_found', `No route ${request.method} ${url}`));
    }
    // A missing hashed asset is a real 404, not the app.
    if (url.startsWith('/assets/')) return reply.status(404).send(body('not_found', 'No such asset'));
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
