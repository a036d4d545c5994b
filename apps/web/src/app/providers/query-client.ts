import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/client';
import { toastError } from './error-toast';

/** Set `meta: { silentError: true }` on a query or mutation that shows its failure itself. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/** A handled failure (non-1 code) will answer the same again: retry only network trouble. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code !== 0 && error.code !== 408 && (error.httpStatus ?? 0) < 500)
    return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
