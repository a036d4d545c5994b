import {
  ACCOUNT_API,
  type AdminCreateRequest,
  type AdminStatusRequest,
  type AdminSummary,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const adminsQueryKey = ['admins'] as const;

export const adminsApi = {
  list: (query: { page: number; limit: number; keyword?: string }, signal?: AbortSignal) =>
    api.get<Page<AdminSummary>>(
      ACCOUNT_API.admin.adminList,
      { ...query, keyword: query.keyword || undefined, order: 'asc' },
      signal,
    ),
  create: (body: AdminCreateRequest) => api.post<AdminSummary>(ACCOUNT_API.admin.adminCreate, body),
  setStatus: (body: AdminStatusRequest) => api.post<AdminSummary>(ACCOUNT_API.admin.adminStatus, body),
};
