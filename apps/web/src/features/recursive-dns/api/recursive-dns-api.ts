import {
  RECURSIVE_DNS_PATHS,
  type RecursiveDetail,
  type RecursiveDetailRequest,
  type RecursiveSaveRequest,
  type RecursiveStatus,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const recursiveDnsKeys = {
  all: ['recursive-dns'] as const,
  detail: (request: RecursiveDetailRequest) => [...recursiveDnsKeys.all, 'detail', request] as const,
};

export const recursiveDnsApi = {
  /** Mode 2 lists the IP segments, mode 6 the forward rules; both carry the switches and the Recursor's state. */
  detail: (body: RecursiveDetailRequest, signal?: AbortSignal) =>
    api.post<RecursiveDetail>(RECURSIVE_DNS_PATHS.detail, body, signal),
  save: (body: RecursiveSaveRequest) =>
    api.post<{ status: RecursiveStatus; ids: number[] }>(RECURSIVE_DNS_PATHS.save, body),
  /** Spec §7: ids as a comma list; all or nothing. */
  delete: (ids: readonly number[]) =>
    api.post<{ changed: number }>(RECURSIVE_DNS_PATHS.delete, { ids: ids.join(',') }),
};
