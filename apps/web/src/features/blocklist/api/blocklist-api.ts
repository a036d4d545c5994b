import {
  BLOCKLIST_PATHS,
  type BlocklistBlockRequest,
  type BlocklistConditionRequest,
  type BlocklistEntry,
  type BlocklistListRequest,
  type BlocklistStats,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const blocklistKeys = {
  all: ['blocklist'] as const,
  list: (request: BlocklistListRequest) => [...blocklistKeys.all, 'list', request] as const,
  stats: (hours: number) => [...blocklistKeys.all, 'stats', hours] as const,
};

/** The platform blocklist (issue 20 §3), admin token; paths and shapes are the contract's. */
export const blocklistApi = {
  list: (body: BlocklistListRequest, signal?: AbortSignal) =>
    api.post<Page<BlocklistEntry>>(BLOCKLIST_PATHS.list, body, signal),
  stats: (hours: number, signal?: AbortSignal) =>
    api.post<BlocklistStats>(BLOCKLIST_PATHS.stats, { hours }, signal),
  block: (body: BlocklistBlockRequest) => api.post<{ added: number }>(BLOCKLIST_PATHS.block, body),
  release: (ids: readonly number[]) =>
    api.post<{ released: number }>(BLOCKLIST_PATHS.release, { ids: [...ids] }),
  releaseWhere: (body: BlocklistConditionRequest) =>
    api.post<{ released: number }>(BLOCKLIST_PATHS.releaseWhere, body),
};
