import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';
import { precompressFile } from './precompress.ts';

/** Where `vite build --ssr` writes the renderer (relative to apps/web); removed once the pages are written. */
export const SSR_OUT_DIR = 'dist-ssr';
/** The pre-rendered pages inside the client build, and the index the server reads (apps/server/src/http/spa.ts). */
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const OG_LOCALE = { en: 'en_US', fr: 'fr_FR' } as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces exactly one match of `pattern` in `html`; a template that changed shape stops the build. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (matches !== 1) throw new Error(`prerender: expected one ${what} in index.html, found ${matches}`);
  return html.replace(pattern, () => replacement);
}

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
  const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));

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
      const title = escapeHtml(meta.title);
      const description = escapeHtml(meta.description ?? '');
      let out = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${language}">`, '<html lang>');
      out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${title}</title>`, '<title>');
      out = replaceOnce(
        out,
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${description}" />`,
        'description',
      );
      out = replaceOnce(
        out,
        /<meta\s+property="og:title"\s+content="[^"]*"\s*\/?>/,
        `<meta property="og:title" content="${title}" />`,
        'og:title',
      );
      out = replaceOnce(
        out,
        /<meta\s+property="og:description"\s+content="[^"]*"\s*\/?>/,
        `<meta property="og:description" content="${description}" />`,
        'og:description',
      );
      const head = [
        `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
        `<meta name="twitter:title" content="${title}" />`,
        `<meta name="twitter:description" content="${description}" />`,
        ...[...preloads]
          .filter((file) => !inTemplate.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      // The page paints from HTML and CSS alone. The entry chunk and its preloads (~130 KB, the bulk
      // of the JavaScript) are fetched at low priority, so the stylesheet wins the bandwidth; the
      // page's own small chunks keep their normal priority, so hydration is not starved (decision 010).
      out = out.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`);
      out = replaceOnce(out, /\s*<\/head>/, `\n    ${head.join('\n    ')}\n  </head>`, '</head>');
      // No whitespace around the markup: hydration matches #root's children node for node.
      out = replaceOnce(
        out,
        /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/,
        `<div id="root" data-prerendered="${language}">${html}</div>`,
        '#root',
      );
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
  // Build inputs, not things to serve.
  fs.rmSync(path.dirname(manifestFile), { recursive: true });
  fs.rmSync(ssrDir, { recursive: true, force: true });
  console.log(`pre-rendered ${Object.keys(pages).length} pages × ${entry.LANGUAGES.length} languages into dist/${PAGES_DIR}/`);
}
