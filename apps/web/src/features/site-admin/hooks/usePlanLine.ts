import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminApi, siteAdminKeys } from '@/features/site-admin/api/site-admin-api';
import { siteKeys } from '@/features/sites/api/sites-api';

/** The plan the site draws on and the customer's other plans in force. */
export function useSitePlan(id: number) {
  return useQuery({
    queryKey: siteAdminKeys.plan(id),
    queryFn: ({ signal }) => siteAdminApi.plan(id, signal),
  });
}

/** Moves the site onto another of the customer's plans (one with a free domain slot). */
export function useMoveSitePlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => siteAdminApi.planMove(id, planId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

/** The node lines of the site's group (counts only) and its CNAME record. */
export function useSiteLine(id: number) {
  return useQuery({
    queryKey: siteAdminKeys.line(id),
    queryFn: ({ signal }) => siteAdminApi.line(id, signal),
  });
}
