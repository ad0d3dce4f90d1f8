import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers.tsx';

/**
 * The whole application around a router: the browser renders it (src/main.tsx) and the build
 * pre-renders it (src/entry-server.tsx), so both trees are the same and hydration matches.
 */
export function App({ router, queryClient }: Pick<RouterProviderProps, 'router'> & { queryClient?: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
