import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ServerRenderedState } from './entry-server.tsx';
import { App } from './app/app.tsx';
import { browserQueryClient } from './app/query-client.ts';
import { createRouter, routerReady } from './app/router.tsx';
import { currentLanguage, i18nReady } from './lib/i18n.ts';
import { prerenderedLanguage, serverRenderedState } from './lib/prerendered.ts';
import { rememberRenderHints, setRenderHints } from './lib/render-hints.ts';
import './index.css';

/** Ends the current task, letting the browser paint or handle input before the rest runs. */
function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

// Not a top-level await: the bundler would have to split the entry chunk into many small ones
// to keep lazy chunks that import from it from waiting on it.
async function start() {
  // A task of its own: evaluating the entry chunk already takes one long task on a slow phone.
  await yieldToMain();
  // A signed-in page the server rendered: its data fills the cache (the route loaders find it fresh)
  // and its first render assumes what the server did (time zone, width), so hydration matches.
  const server = serverRenderedState<ServerRenderedState>();
  if (server) {
    setRenderHints(server.hints);
    for (const { key, data, at } of server.queries) browserQueryClient().setQueryData(key, data, { updatedAt: at });
  }
  rememberRenderHints();
  const router = createRouter();
  // The page's code and messages first, so its first render is whole — what hydration needs.
  await Promise.all([i18nReady, routerReady(router)]);
  const container = document.getElementById('root')!;
  const app = <App router={router} queryClient={browserQueryClient()} />;
  // The server's HTML is hydrated when it is in the visitor's language; otherwise (a choice the
  // server could not see, e.g. kept only in local storage) the page is rendered anew in that language.
  if (prerenderedLanguage() === currentLanguage()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
