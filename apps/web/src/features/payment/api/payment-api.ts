import {
  ORDER_PATHS,
  PAYMENT_PATHS,
  type GatewayPayRequest,
  type Order,
  type PaymentChannel,
  type PaymentHandoff,
  type RechargeRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const paymentKeys = {
  channels: ['payment', 'channels'] as const,
  order: (serialNumber: string) => ['payment', 'order', serialNumber] as const,
};

/** Gateway payment (contract api/payment.ts) and the order it pays, polled until it is paid. */
export const paymentApi = {
  channels: (signal?: AbortSignal) => api.get<PaymentChannel[]>(PAYMENT_PATHS.channels, undefined, signal),
  recharge: (body: RechargeRequest) => api.post<PaymentHandoff>(PAYMENT_PATHS.recharge, body),
  gatewayPay: (body: GatewayPayRequest) => api.post<PaymentHandoff>(PAYMENT_PATHS.gatewayPay, body),
  order: (serialNumber: string, signal?: AbortSignal) =>
    api.get<Order>(ORDER_PATHS.detail, { serialNumber }, signal),
};
