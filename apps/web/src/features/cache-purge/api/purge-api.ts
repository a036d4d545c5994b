import {
  PURGE_PATHS,
  type Page,
  type PurgeQuota,
  type PurgeSubmitRequest,
  type PurgeTask,
  type PurgeTaskDetail,
  type PurgeTaskListRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const purgeKeys = {
  all: ['cache-purge'] as const,
  quota: () => [...purgeKeys.all, 'quota'] as const,
  tasks: () => [...purgeKeys.all, 'tasks'] as const,
  taskList: (request: PurgeTaskListRequest) => [...purgeKeys.tasks(), 'list', request] as const,
  taskInfo: (id: number) => [...purgeKeys.tasks(), 'info', id] as const,
};

export const purgeApi = {
  quota: (signal?: AbortSignal) => api.get<PurgeQuota>(PURGE_PATHS.quota, undefined, signal),
  /** The entries go as typed (one per line); the server applies the same rules and owns the domain check. */
  submit: (body: PurgeSubmitRequest) => api.post<{ task: PurgeTask }>(PURGE_PATHS.submit, body),
  taskList: (body: PurgeTaskListRequest, signal?: AbortSignal) =>
    api.post<Page<PurgeTask>>(PURGE_PATHS.taskList, body, signal),
  taskInfo: (id: number, signal?: AbortSignal) =>
    api.get<PurgeTaskDetail>(PURGE_PATHS.taskInfo, { id }, signal),
};
