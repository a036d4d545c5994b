import type { WafPreset, WafRuleList, WafRuleSaveRequest, WafTestRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { wafApi, wafKeys } from '@/features/site-waf/api/waf-api';

export function useWafRules(siteId: number) {
  return useQuery({
    queryKey: wafKeys.rules(siteId),
    queryFn: ({ signal }) => wafApi.list(siteId, signal),
  });
}

export function useWafEvents(siteId: number, page: number, limit: number) {
  return useQuery({
    queryKey: wafKeys.events(siteId, page, limit),
    queryFn: ({ signal }) => wafApi.events(siteId, page, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change to the rule set: the list is read again after it, whatever the answer. */
function useRulesMutation<T, R>(siteId: number, mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      // Calls that answer the whole list (order, preset) show it at once.
      if (data && typeof data === 'object' && 'rules' in data)
        queryClient.setQueryData<WafRuleList>(wafKeys.rules(siteId), data as WafRuleList);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wafKeys.rules(siteId) }),
  });
}

export const useSaveWafRule = (siteId: number) =>
  useRulesMutation(siteId, (body: WafRuleSaveRequest) => wafApi.save(body));
export const useDeleteWafRules = (siteId: number) =>
  useRulesMutation(siteId, (ids: number[]) => wafApi.remove(siteId, ids));
export const useWafRuleStatus = (siteId: number) =>
  useRulesMutation(siteId, ({ id, enabled }: { id: number; enabled: boolean }) =>
    wafApi.status(siteId, id, enabled),
  );
export const useEnableWafPreset = (siteId: number) =>
  useRulesMutation(siteId, (preset: WafPreset) => wafApi.preset(siteId, preset));

/**
 * Reorders: the table shows the new order at once (a drag that snaps back until the server
 * answers reads as a failure), and goes back to the saved order if the server refuses.
 */
export function useOrderWafRules(siteId: number) {
  const queryClient = useQueryClient();
  const key = wafKeys.rules(siteId);
  return useMutation({
    mutationFn: (ids: number[]) => wafApi.order(siteId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WafRuleList>(key);
      if (before) {
        const byId = new Map(before.rules.map((r) => [r.id, r]));
        const rules = ids.flatMap((id, i) => {
          const rule = byId.get(id);
          return rule ? [{ ...rule, priority: i + 1 }] : [];
        });
        queryClient.setQueryData<WafRuleList>(key, { rules });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useTestWafRules = () => useMutation({ mutationFn: (body: WafTestRequest) => wafApi.test(body) });
