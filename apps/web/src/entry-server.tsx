// The server's side of the app, built by `vite build --ssr`: the build pre-renders the public pages
// with it (build/prerender.ts, decision 010) and the server renders a signed-in first page with its
// data per request (apps/server/src/http/signed-in-pages.ts, decision 024).
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nexa/domain/language';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import * as routeData from './app/route-data.ts';
import { routerReady, routes, type PrerenderHandle, type RouteDataHandle } from './app/router.tsx';
import { jsonScript, writeHtmlPage } from './html-page.ts';
import { setServerTransport, type Transport } from './lib/api-client.ts';
import i18next, { i18nReady } from './lib/i18n.ts';
import { PAGE_STATE_ID } from './lib/prerendered.ts';
import { hintsFromRequest, setRenderHints, type RenderHints } from './lib/render-hints.ts';
import { PageMetaContext, type PageMeta } from './lib/use-page-meta.ts';

export { DEFAULT_LANGUAGE, LANGUAGES };

export interface PrerenderedPage extends PrerenderHandle {
  path: string;
}

/** The routes marked for pre-rendering (`sitePage` in app/router.tsx), with their paths. */
export function prerenderedPages(): PrerenderedPage[] {
  const found: PrerenderedPage[] = [];
  const join = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`);
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.path ? join(parent, route.path) : parent;
      const handle = (route.handle as { prerender?: PrerenderHandle } | undefined)?.prerender;
      if (handle) found.push({ path, ...handle });
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '/');
  return found;
}

/** The page at `path` in `language`, rendered whole (every suspended part awaited), and its metadata. */
export async function renderPage(path: string, language: Language): Promise<{ html: string; meta: PageMeta }> {
  const page = prerenderedPages().find((candidate) => candidate.path === path);
  await i18nReady;
  await i18next.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await Promise.all([i18next.loadNamespaces(['common', ...(page?.namespaces ?? [])]), routerReady(router)]);
  const { html, meta } = await renderWhole(<App router={router} />);
  if (!meta) throw new Error(`${path} set no page title (usePageMeta)`);
  return { html, meta };
}

/** A tree rendered whole (every suspended part awaited), the metadata its page reported, and its errors. */
async function renderWhole(app: ReactNode): Promise<{ html: string; meta?: PageMeta; errors: unknown[] }> {
  let meta: PageMeta | undefined;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PageMetaContext value={(reported) => (meta = reported)}>{app}</PageMetaContext>,
    {
      onError: (error) => void errors.push(error),
      // Every Suspense boundary in place: React outlines a large one (its HTML at the end, moved in by
      // an inline script the CSP refuses) unless the chunk size allows the whole page.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, meta, errors };
}

const transports = new AsyncLocalStorage<Transport>();
setServerTransport(() => transports.getStore());

let rendering: Promise<unknown> = Promise.resolve();
let waiting = 0;
/** Beyond this many pages waiting to render, the next is left to the browser: a busy server stays fast. */
const MAX_WAITING_RENDERS = 8;

/**
 * One render at a time: the language (i18next's) and the render hints are the process's, set for the
 * page being rendered. The reads, the slow part, run before and concurrently. Undefined when too many
 * pages are already waiting.
 */
function oneAtATime<T>(task: () => Promise<T>): Promise<T | undefined> {
  if (waiting >= MAX_WAITING_RENDERS) return Promise.resolve(undefined);
  waiting += 1;
  const run = rendering.then(task, task).finally(() => (waiting -= 1));
  rendering = run.catch(() => undefined);
  return run;
}

/** What the browser reads before it hydrates a server-rendered page (main.tsx). */
export interface ServerRenderedState {
  hints: RenderHints;
  /** Each read's key, answer and time, for `setQueryData` (the public pages' entry carries no `hydrate`). */
  queries: { key: readonly unknown[]; data: unknown; at: number }[];
}

export interface SignedInPageRequest {
  /** The path and query string the server's router matched. */
  url: string;
  language: Language;
  cookie: string;
  userAgent: string;
  transport: Transport;
  /** The client build's index.html. */
  template: string;
}

/**
 * A signed-in first page (a route that names its reads, app/route-data.ts) rendered with its data, as
 * a whole HTML page whose #root the browser hydrates; undefined when the browser is better left to
 * render it as before: no time zone to write its dates in (lib/render-hints.ts), another route, no
 * session, a read that failed (another role's page answers 403, a deleted deal 404), or a server
 * busy rendering others. Throws when the render itself fails.
 * The data goes in the page as JSON (not script: the CSP allows none inline) and fills the browser's
 * cache, so the page's reads are not made twice.
 */
export async function renderSignedInPage(request: SignedInPageRequest): Promise<string | undefined> {
  const hints = hintsFromRequest(request.cookie, request.userAgent);
  if (!hints) return undefined;
  const location = new URL(request.url, 'http://nexa.invalid');
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const readsOf = (route: RouteObject) => (route.handle as Partial<RouteDataHandle> | undefined)?.data;
  // Only a page whose own route names its reads: a guard's alone (the profile) is not a page.
  const leaf = matches.at(-1);
  if (!leaf || !readsOf(leaf.route)) return undefined;
  const client = createQueryClient();
  const routeArgs = (params: Record<string, string | undefined>) => ({ request: new Request(location), params });
  const answers = await transports.run(request.transport, () =>
    Promise.all(
      matches.flatMap(({ route, params }) => {
        const reads = readsOf(route);
        return reads ? [routeData[reads](client, routeArgs(params))] : [];
      }),
    ),
  );
  // Another role's page (or no profile) read nothing: the browser's guard sends the visitor away.
  if (answers.includes(routeData.REFUSED)) return undefined;
  if (
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return undefined;

  return oneAtATime(async () => {
    await i18next.changeLanguage(request.language);
    setRenderHints(hints);
    const router = createMemoryRouter(routes, { initialEntries: [location.pathname + location.search] });
    await routerReady(router);
    if (router.state.errors) return undefined;
    const { html, meta, errors } = await renderWhole(<App router={router} queryClient={client} />);
    // A page the server could not render whole is a bug to see in the log; the browser still renders it.
    if (errors.length > 0) throw new AggregateError(errors, `${location.pathname} did not render`);
    if (/<!--\$[!?]-->/.test(html)) throw new Error(`${location.pathname} left a part for the browser to render`);
    const queries = client
      .getQueryCache()
      .getAll()
      .map((query) => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }));
    const state: ServerRenderedState = { hints, queries };
    return writeHtmlPage(request.template, {
      language: request.language,
      title: meta?.title,
      description: meta?.description,
      markup: html,
      scriptsAfterPaint: true,
      bodyEnd: jsonScript(PAGE_STATE_ID, state),
    });
  });
}
