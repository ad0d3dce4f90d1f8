import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { DeferredToaster } from '../components/ui/deferred-toaster.tsx';
import { AppErrorBoundary } from './error-page.tsx';
import { createQueryClient } from './query-client.ts';

/** `queryClient`: the browser's (main.tsx); without it, a cache of the tree's own (the pre-renderer, tests). */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>{children}</Suspense>
        <DeferredToaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
