import {
  STREAM_PATHS,
  type Page,
  type StreamListRequest,
  type StreamRule,
  type StreamSaveRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export type StreamAction = 'enable' | 'disable' | 'delete';

export const streamKeys = {
  all: ['stream'] as const,
  list: (request: StreamListRequest) => [...streamKeys.all, 'list', request] as const,
};

export const streamApi = {
  list: (body: StreamListRequest, signal?: AbortSignal) =>
    api.post<Page<StreamRule>>(STREAM_PATHS.list, body, signal),
  /** Without an id it creates the rule (on the platform's default node group). */
  save: (body: StreamSaveRequest) => api.post<StreamRule>(STREAM_PATHS.save, body),
  /** All or nothing: one unknown id refuses the whole request. */
  status: (body: { ids: number[]; action: StreamAction }) =>
    api.post<{ changed: number }>(STREAM_PATHS.status, body),
};
