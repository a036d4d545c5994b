import type { SiteGroupAssignRequest, SiteGroupSaveRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteKeys, sitesApi } from '@/features/sites/api/sites-api';

/** The customer's own site groups (a few; not paged). */
export function useSiteGroups() {
  return useQuery({
    queryKey: siteKeys.groups,
    queryFn: ({ signal }) => sitesApi.groupList(signal),
  });
}

function useGroupMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Group names show in the site list and site counts in the group list: refresh both.
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export const useSaveSiteGroup = () =>
  useGroupMutation((body: SiteGroupSaveRequest) => sitesApi.groupSave(body));
export const useDeleteSiteGroup = () => useGroupMutation((id: number) => sitesApi.groupDelete(id));
export const useAssignSiteGroup = () =>
  useGroupMutation((body: SiteGroupAssignRequest) => sitesApi.groupAssign(body));
