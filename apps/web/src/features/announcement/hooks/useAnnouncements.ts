import type { AdminMessageListRequest, AnnouncementPublishRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementApi, announcementKeys } from '@/features/announcement/api/announcement-api';

export function useAnnouncementList(request: AdminMessageListRequest) {
  return useQuery({
    queryKey: announcementKeys.list(request),
    queryFn: ({ signal }) => announcementApi.list(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementPublishRequest) => announcementApi.publish(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useDeleteAnnouncements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => announcementApi.remove(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
