import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { DeferredToaster } from '../components/ui/deferred-toaster.tsx';
import { AppErrorBoundary } from './error-page.tsx';
import { createQueryClient } from './query-client.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>{children}</Suspense>
        <DeferredToaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
