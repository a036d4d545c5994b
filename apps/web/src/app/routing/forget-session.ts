import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '@/shared/auth/token-store';
import { webConfigQueryKey } from '@/shared/config/useWebConfig';

/** Drops the stored login and everything cached for it (the public web config stays). */
export function forgetSession(queryClient: QueryClient): void {
  tokenStore.clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== webConfigQueryKey[0] });
}

/** Keeps a new login, dropping whatever was cached for the previous one. */
export function adoptSession(queryClient: QueryClient, token: string): void {
  forgetSession(queryClient);
  tokenStore.set(token);
}
