import {
  ORDER_PATHS,
  PAYMENT_PATHS,
  type AdminOrderActionRequest,
  type CreditedPayment,
  type CreditedPaymentListRequest,
  type AdminOrderListRequest,
  type Order,
  type OrderListRequest,
  type Page,
  type PayPasswordResetRequest,
  type PayPasswordStatus,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const ordersQueryKey = ['orders'] as const;
export const creditedPaymentsQueryKey = ['orders', 'credited-payments'] as const;
export const payPasswordQueryKey = ['pay-password'] as const;

/** The admin's actions on one order, each audited with a note. */
export type AdminOrderAction = 'paid' | 'refund' | 'void';
const ADMIN_ACTION_PATHS: Record<AdminOrderAction, string> = {
  paid: ORDER_PATHS.adminPaid,
  refund: ORDER_PATHS.adminRefund,
  void: ORDER_PATHS.adminVoid,
};

export const ordersApi = {
  list: (body: OrderListRequest, signal?: AbortSignal) =>
    api.post<Page<Order>>(ORDER_PATHS.list, body, signal),
  adminList: (body: AdminOrderListRequest, signal?: AbortSignal) =>
    api.post<Page<Order>>(ORDER_PATHS.adminList, body, signal),
  detail: (serialNumber: string, signal?: AbortSignal) =>
    api.get<Order>(ORDER_PATHS.detail, { serialNumber }, signal),
  pay: (serialNumber: string, payPassword?: string) =>
    api.post<Order>(ORDER_PATHS.pay, { serialNumber, payPassword }),
  close: (serialNumber: string) => api.post<Order>(ORDER_PATHS.close, { serialNumber }),
  creditedPayments: (body: CreditedPaymentListRequest, signal?: AbortSignal) =>
    api.post<Page<CreditedPayment>>(PAYMENT_PATHS.adminCredited, body, signal),
  admin: (action: AdminOrderAction, body: AdminOrderActionRequest) =>
    api.post<Order>(ADMIN_ACTION_PATHS[action], body),
  payPasswordStatus: (signal?: AbortSignal) =>
    api.get<PayPasswordStatus>(ORDER_PATHS.payPasswordStatus, undefined, signal),
  resetPayPassword: (body: PayPasswordResetRequest) =>
    api.post<PayPasswordStatus>(ORDER_PATHS.payPasswordReset, body),
};
