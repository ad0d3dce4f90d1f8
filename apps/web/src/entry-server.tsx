// The pre-renderer's side of the app (decision 010): built by `vite build --ssr` and run once at
// build time by build/prerender.ts, never on a live server.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nexa/domain/language';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from './app/app.tsx';
import { routerReady, routes, type PrerenderHandle } from './app/router.tsx';
import i18next, { i18nReady } from './lib/i18n.ts';
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
  let meta: PageMeta | undefined;
  const { prelude } = await prerenderToNodeStream(
    <PageMetaContext value={(reported) => (meta = reported)}>
      <App router={router} />
    </PageMetaContext>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (!meta) throw new Error(`${path} set no page title (usePageMeta)`);
  return { html, meta };
}
