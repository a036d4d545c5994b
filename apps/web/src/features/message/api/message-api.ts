import {
  MESSAGE_LIST_LIMIT,
  MESSAGE_PATHS,
  type Message,
  type MessageIdsRequest,
  type MessageListRequest,
  type MessagePage,
  type MessageReadRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** Every message query sits under `['message']`, so one invalidation refreshes list, badge and detail. */
export const messageKeys = {
  all: ['message'] as const,
  list: () => [...messageKeys.all, 'list'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
};

/** Spec §7/§9: the newest 100, by id descending. */
const NEWEST: MessageListRequest = { page: 1, limit: MESSAGE_LIST_LIMIT, sidx: 'id', order: 'desc' };

export const messageApi = {
  list: (signal?: AbortSignal) => api.post<MessagePage>(MESSAGE_PATHS.list, NEWEST, signal),
  /** Opening a message marks it read on the server. */
  info: (id: number, signal?: AbortSignal) => api.get<Message>(MESSAGE_PATHS.info, { id }, signal),
  remove: (body: MessageIdsRequest) => api.post<{ deleted: number }>(MESSAGE_PATHS.delete, body),
  markRead: (body: MessageReadRequest) => api.post<{ unreadCount: number }>(MESSAGE_PATHS.read, body),
  unread: (signal?: AbortSignal) => api.get<{ unreadCount: number }>(MESSAGE_PATHS.unread, undefined, signal),
};
