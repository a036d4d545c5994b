import {
  ORDER_PATHS,
  PAYMENT_PATHS,
  type GatewayPayRequest,
  type Order,
  type PaymentChannel,
  type PaymentHandoff,
  type RechargeRequest,
} from '@nimbus/contract';
import { currentVariant } from '@/app/variant';
import { api } from '@/shared/api/client';

// The gateway sends the browser back into the console that handed the order over.
const from = { console: currentVariant.product } as const;

export const paymentKeys = {
  channels: ['payment', 'channels'] as const,
  order: (serialNumber: string) => ['payment', 'order', serialNumber] as const,
};

/** Gateway payment (contract api/payment.ts) and the order it pays, polled until it is paid. */
export const paymentApi = {
  channels: (signal?: AbortSignal) => api.get<PaymentChannel[]>(PAYMENT_PATHS.channels, undefined, signal),
  recharge: (body: RechargeRequest) => api.post<PaymentHandoff>(PAYMENT_PATHS.recharge, { ...body, ...from }),
  gatewayPay: (body: GatewayPayRequest) =>
    api.post<PaymentHandoff>(PAYMENT_PATHS.gatewayPay, { ...body, ...from }),
  order: (serialNumber: string, signal?: AbortSignal) =>
    api.get<Order>(ORDER_PATHS.detail, { serialNumber }, signal),
};
