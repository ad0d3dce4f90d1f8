import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/*
 * What a page's test needs around it: its routes in a memory router at a URL, under a query client of
 * its own that does not retry (a failed answer shows at once), and a JSON answer for a stubbed fetch.
 */

/** Renders `routes` at `url`; the router, to read the location a page wrote. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A JSON answer, as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
