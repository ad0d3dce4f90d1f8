import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text asset, once at build time, so the server can send
 * them as they are (@fastify/static `preCompressed`): a phone on a slow network downloads the
 * landing page's JavaScript at about a third of its size, and the server spends no CPU on it.
 */
function precompress(): Plugin {
  return {
    name: 'nexa-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // Nothing inline: the server's CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      // The shared domain package is pure (lint forbids I/O there): a module whose exports go
      // unused is dropped, so importing ROLES does not ship every zod schema to the landing page.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/domain/') },
    },
  },
});
