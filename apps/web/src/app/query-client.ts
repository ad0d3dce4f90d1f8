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
