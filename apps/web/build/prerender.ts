import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';
import { writeHtmlPage } from '../src/html-page.ts';
import { precompressFile } from './precompress.ts';

/** Where `vite build --ssr` writes the renderer (relative to apps/web), beside the client's dist/. */
export const SSR_OUT_DIR = 'dist-ssr';
/** The pre-rendered pages inside the client build, and the index the server reads (apps/server/src/http/spa.ts). */
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk of a source module and every chunk it imports statically, as URLs. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, seen);
  return seen;
}

/**
 * Renders every public page in every language into dist/pages/<language>/<page>.html: the
 * client's index.html with the page's markup in #root (marked with its language for hydration),
 * `<html lang>`, the title and sharing metadata in that language, and modulepreload links for the
 * page's own chunks and messages, so hydration does not wait for a second round trip.
 */
export async function prerenderSite(root: string): Promise<void> {
  const ssrDir = path.join(root, SSR_OUT_DIR);
  const dist = path.join(root, 'dist');
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as typeof EntryServer;
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const pages: Record<string, string> = {};
  for (const page of entry.prerenderedPages()) {
    const file = `${page.path === '/' ? 'index' : page.path.slice(1).replace(/\//g, '-')}.html`;
    pages[page.path] = file;
    for (const language of entry.LANGUAGES) {
      const { html, meta } = await entry.renderPage(page.path, language);
      // Any boundary left for the client to render would hydrate as a mismatch: stop here instead.
      if (/<!--\$[!?]-->|<script/.test(html)) throw new Error(`prerender: ${page.path} (${language}) did not render completely`);
      const preloads = new Set(chunksOf(manifest, `src/${page.module}`));
      for (const namespace of ['common', ...page.namespaces]) {
        for (const chunk of chunksOf(manifest, `src/locales/${language}/${namespace}.json`)) preloads.add(chunk);
      }
      const out = writeHtmlPage(template, {
        language,
        title: meta.title,
        description: meta.description ?? '',
        markup: html,
        preloads: [...preloads].map((file) => `/${file}`),
      });
      const target = path.join(dist, PAGES_DIR, language, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, out);
      precompressFile(target);
    }
  }
  fs.writeFileSync(
    path.join(dist, PAGES_DIR, PAGES_INDEX),
    `${JSON.stringify({ languages: entry.LANGUAGES, pages }, null, 2)}\n`,
  );
  // A build input, not a thing to serve. The renderer stays: the server renders signed-in first pages
  // with it (apps/server/src/http/signed-in-pages.ts).
  fs.rmSync(path.dirname(manifestFile), { recursive: true });
  console.log(`pre-rendered ${Object.keys(pages).length} pages × ${entry.LANGUAGES.length} languages into dist/${PAGES_DIR}/`);
}
