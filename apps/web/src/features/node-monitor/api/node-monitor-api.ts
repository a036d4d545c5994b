import {
  NODE_MONITOR_PATHS,
  type NodeMonitorDryRunRequest,
  type NodeMonitorEvent,
  type NodeMonitorEventListRequest,
  type NodeMonitorOverrideRequest,
  type NodeMonitorOverview,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const nodeMonitorKeys = {
  all: ['node-monitor'] as const,
  overview: ['node-monitor', 'overview'] as const,
  events: (request: NodeMonitorEventListRequest) => ['node-monitor', 'events', request] as const,
};

export const nodeMonitorApi = {
  overview: (signal?: AbortSignal) =>
    api.get<NodeMonitorOverview>(NODE_MONITOR_PATHS.overview, undefined, signal),
  events: (body: NodeMonitorEventListRequest, signal?: AbortSignal) =>
    api.post<Page<NodeMonitorEvent>>(NODE_MONITOR_PATHS.events, body, signal),
  override: (body: NodeMonitorOverrideRequest) => api.post<void>(NODE_MONITOR_PATHS.override, body),
  dryRun: (body: NodeMonitorDryRunRequest) => api.post<void>(NODE_MONITOR_PATHS.dryRun, body),
  checkNow: () => api.post<void>(NODE_MONITOR_PATHS.check, {}),
};
