import {
  ACCOUNT_API,
  type CustomerCreateRequest,
  type CustomerPasswordReset,
  type CustomerStatusRequest,
  type CustomerSummary,
  type CustomerUpdateRequest,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export interface CustomerListParams {
  page: number;
  limit: number;
  /** Part of the username, e-mail or mobile. */
  keyword?: string;
}

export const customersQueryKey = ['customers'] as const;

export const customersApi = {
  list: ({ page, limit, keyword }: CustomerListParams, signal?: AbortSignal) =>
    api.get<Page<CustomerSummary>>(
      ACCOUNT_API.admin.customerList,
      { page, limit, keyword: keyword || undefined, sidx: 'id', order: 'desc' },
      signal,
    ),
  /** A customer session opened by this admin (audited on the server). */
  loginAs: (userId: number) => api.post<{ token: string }>(ACCOUNT_API.admin.loginAs, { userId }),
  setStatus: (body: CustomerStatusRequest) =>
    api.post<{ changed: number }>(ACCOUNT_API.admin.customerStatus, body),
  update: (body: CustomerUpdateRequest) => api.post<CustomerSummary>(ACCOUNT_API.admin.customerUpdate, body),
  create: (body: CustomerCreateRequest) => api.post<CustomerSummary>(ACCOUNT_API.admin.customerCreate, body),
  resetPassword: (userId: number) =>
    api.post<CustomerPasswordReset>(ACCOUNT_API.admin.customerPasswordReset, { userId }),
  resetTotp: (userId: number) => api.post<CustomerSummary>(ACCOUNT_API.admin.customerTotpReset, { userId }),
};
