// The page the server sends, written into the client build's index.html: by the build for the
// pre-rendered public pages (build/prerender.ts) and by the server for a signed-in first page
// (src/entry-server.tsx). One copy, so both pages have the same head and the same #root.
import type { Language } from '@nexa/domain/language';

const OG_LOCALE = { en: 'en_US', fr: 'fr_FR' } as const;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Data for the page's scripts, as JSON in a non-executed element (the CSP allows no inline script):
 * a "<" in the data is written as \u003c, so no value can close the element or open another.
 */
export function jsonScript(id: string, data: unknown): string {
  return `<script type="application/json" id="${escapeHtml(id)}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** Replaces exactly one match of `pattern` in `html`; a template that changed shape is an error. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (matches !== 1) throw new Error(`html-page: expected one ${what} in index.html, found ${matches}`);
  return html.replace(pattern, () => replacement);
}

export interface HtmlPage {
  language: Language;
  /** Without one, the template's stays (the page sets its own once it runs). */
  title?: string;
  description?: string;
  /** The rendered app, put in #root as it is: hydration matches #root's children node for node. */
  markup: string;
  /** URLs of the page's own chunks, preloaded at low priority. */
  preloads?: string[];
  /** Extra elements at the end of <body> (a server-rendered page's data). */
  bodyEnd?: string;
  /**
   * The app's scripts start once the page has painted (public/boot.js) instead of with the HTML: for a
   * page that is whole in its HTML, so its first paint does not share the connection with them.
   */
  scriptsAfterPaint?: boolean;
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The template's entry script and its preloads, replaced by public/boot.js, which starts them after the first paint. */
function startScriptsAfterPaint(template: string): string {
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error(`html-page: expected one module script in index.html, found ${entries.length}`);
  const modules = [...entries, ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)];
  const boot = `\n    <script defer src="/boot.js" data-modules="${escapeHtml(modules.join(' '))}"></script>`;
  return template
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/\s*<\/head>/, (end) => `${boot}${end}`);
}

/**
 * The template with the page's language, title, description and sharing metadata, its markup in
 * #root (marked with its language: the browser hydrates only a page in its own language), and
 * modulepreload links for its chunks. The page paints from HTML and CSS alone: the scripts are fetched
 * at low priority, so the stylesheet wins the bandwidth (decision 010).
 */
export function writeHtmlPage(template: string, page: HtmlPage): string {
  const title = page.title === undefined ? undefined : escapeHtml(page.title);
  const description = escapeHtml(page.description ?? '');
  const inTemplate = new Set([...template.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]));
  let out = page.scriptsAfterPaint ? startScriptsAfterPaint(template) : template;
  out = replaceOnce(out, /<html lang="[^"]*">/, `<html lang="${page.language}">`, '<html lang>');
  if (title !== undefined) {
    out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${title}</title>`, '<title>');
    out = replaceOnce(
      out,
      /<meta\s+property="og:title"\s+content="[^"]*"\s*\/?>/,
      `<meta property="og:title" content="${title}" />`,
      'og:title',
    );
  }
  if (page.description !== undefined) {
    out = replaceOnce(
      out,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
      'description',
    );
    out = replaceOnce(
      out,
      /<meta\s+property="og:description"\s+content="[^"]*"\s*\/?>/,
      `<meta property="og:description" content="${description}" />`,
      'og:description',
    );
  }
  const head = [
    `<meta property="og:locale" content="${OG_LOCALE[page.language]}" />`,
    ...(title !== undefined ? [`<meta name="twitter:title" content="${title}" />`] : []),
    ...(page.description !== undefined ? [`<meta name="twitter:description" content="${description}" />`] : []),
    ...(page.preloads ?? [])
      .filter((file) => !inTemplate.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
  ];
  out = out.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`);
  out = replaceOnce(out, /\s*<\/head>/, `\n    ${head.join('\n    ')}\n  </head>`, '</head>');
  out = replaceOnce(
    out,
    /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/,
    `<div id="root" data-prerendered="${page.language}">${page.markup}</div>${page.bodyEnd ?? ''}`,
    '#root',
  );
  return out;
}
