import { QueryClient } from '@tanstack/react-query';

// The specification's cache defaults: one retry, no refetch on focus, fresh for 5 minutes.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one cache: the app renders with it and the routes' loaders fill it while a page's
 * code downloads (app/route-data.ts). The pre-renderer and tests make their own.
 */
export function browserQueryClient(): QueryClient {
  // One cache for every visitor of a server would hand one person's answers to another.
  if (import.meta.env.SSR) throw new Error('The server renders each page with a cache of its own');
  browserClient ??= createQueryClient();
  return browserClient;
}
