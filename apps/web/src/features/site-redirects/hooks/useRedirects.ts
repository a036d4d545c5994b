import type { ForceRedirectInput, RewriteRuleInput, SiteConfigState } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  redirectKeys,
  redirectsApi,
  type ForceListRequest,
  type RewriteListRequest,
} from '@/features/site-redirects/api/redirects-api';

/** While a shown row's site is still being sent to its nodes, the list is asked again this often. */
export const PENDING_REFETCH_MS = 2000;
const hasPending = (list: { config: SiteConfigState }[]) => list.some((r) => r.config.pending > 0);

export function useRewriteList(request: RewriteListRequest) {
  return useQuery({
    queryKey: redirectKeys.rewriteList(request),
    queryFn: ({ signal }) => redirectsApi.rewriteList(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && hasPending(query.state.data.list) ? PENDING_REFETCH_MS : false,
  });
}

export function useForceList(request: ForceListRequest) {
  return useQuery({
    queryKey: redirectKeys.forceList(request),
    queryFn: ({ signal }) => redirectsApi.forceList(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && hasPending(query.state.data.list) ? PENDING_REFETCH_MS : false,
  });
}

function useRedirectMutation<T, R>(key: readonly string[], mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveRewrite = () =>
  useRedirectMutation(redirectKeys.rewrites, (body: RewriteRuleInput) => redirectsApi.rewriteSave(body));
export const useDeleteRewrites = () =>
  useRedirectMutation(redirectKeys.rewrites, (ids: number[]) => redirectsApi.rewriteDelete(ids));
export const useMoveRewrite = () =>
  useRedirectMutation(redirectKeys.rewrites, (body: { id: number; position: number }) =>
    redirectsApi.rewriteMove(body),
  );
export const useSaveForce = () =>
  useRedirectMutation(redirectKeys.forces, (body: ForceRedirectInput) => redirectsApi.forceSave(body));
export const useDeleteForces = () =>
  useRedirectMutation(redirectKeys.forces, (ids: number[]) => redirectsApi.forceDelete(ids));
