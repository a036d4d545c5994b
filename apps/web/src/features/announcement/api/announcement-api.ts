import {
  MESSAGE_PATHS,
  type AdminMessage,
  type AdminMessageListRequest,
  type AnnouncementPublishRequest,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const announcementKeys = {
  all: ['announcement'] as const,
  list: (request: AdminMessageListRequest) => [...announcementKeys.all, 'list', request] as const,
};

export const announcementApi = {
  publish: (body: AnnouncementPublishRequest) => api.post<AdminMessage>(MESSAGE_PATHS.adminPublish, body),
  list: (body: AdminMessageListRequest, signal?: AbortSignal) =>
    api.post<Page<AdminMessage>>(MESSAGE_PATHS.adminList, body, signal),
  remove: (ids: number[]) => api.post<{ deleted: number }>(MESSAGE_PATHS.adminDelete, { ids }),
};
