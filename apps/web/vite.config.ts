import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressFile } from './build/precompress.ts';
import { prerenderSite, SSR_OUT_DIR } from './build/prerender.ts';

/** Every text asset of the client build gets its .br and .gz (build/precompress.ts). */
function precompress(): Plugin {
  return {
    name: 'nexa-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) precompressFile(path.join(dir, fileName));
    },
  };
}

/**
 * After the server-side build of src/entry-server.tsx (the second step of `npm run build`), renders
 * the public pages to static HTML in each language (build/prerender.ts, decision 010).
 */
function prerender(): Plugin {
  return {
    name: 'nexa-prerender',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async closeBundle() {
      await prerenderSite(this.environment.config.root);
    },
  };
}

/**
 * React Router's package exports name only its development build (a known issue of the package):
 * a production bundle would carry its dev warnings and checks. The browser's build takes its
 * production build, the same code without them (0.6 KB less gzip in every page's entry chunk).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), prerender()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The browser's bundle only: the server-side build keeps its dependencies as imports of the package.
  resolve: command === 'build' && !isSsrBuild ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  // The footer's year during hydration: the pre-rendered pages carry the year they were built in.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    target: 'es2022',
    // The server-side build renders the public pages at build time and signed-in first pages per request.
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist',
    // The pre-renderer reads which chunks a page needs, to preload them from its static HTML.
    manifest: !isSsrBuild,
    // Nothing inline: the server's CSP allows scripts from 'self' only.
    // Preloads in the HTML only: a lazy chunk's imports are fetched by the module loader as it reads the
    // chunk, not announced first by a <link> the runtime adds to the document for each of them — on a
    // signed-in first page that was some 60 links, whose handling was the longest task of its load
    // (decision 027).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    assetsInlineLimit: 0,
    rollupOptions: {
      // The shared domain package is pure (lint forbids I/O there): a module whose exports go
      // unused is dropped, so importing ROLES does not ship every zod schema to the landing page.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/domain/') },
    },
  },
}));
