import {
  PAYMENT_GATEWAYS,
  paymentHandoffSchema,
  type Order,
  type OrderState,
  type PaymentHandoff,
} from '@nimbus/contract';
import { matchPath } from 'react-router';
import { CUSTOMER_ROUTES } from '@/app/routing/customer-routes';

/** Spec §2 hand-off route (the server's return URL has the same shape). */
export const HANDOFF_ROUTE = '/payment/handoff/:outTradeNo/:totalAmount/:body';

/** Where a paid order's customer goes next (spec §2 customer routes). */
export const PAID_LINKS = {
  ledger: CUSTOMER_ROUTES.ledger,
  orders: CUSTOMER_ROUTES.orders,
  plans: CUSTOMER_ROUTES.planOwn,
} as const;

export const orderPagePath = (serialNumber: string) => `/payment/order/${encodeURIComponent(serialNumber)}`;

export const handoffPath = (handoff: Pick<PaymentHandoff, 'outTradeNo' | 'totalAmount' | 'body'>) =>
  `/payment/handoff/${handoff.outTradeNo}/${handoff.totalAmount}/${encodeURIComponent(handoff.body)}`;

/** The order number in a hand-off URL, or '' when the path is not one. */
export function handoffSerialOf(pathname: string): string {
  const raw = matchPath(HANDOFF_ROUTE, pathname)?.params.outTradeNo ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The PaymentHandoff the order, recharge or verification screen put in the navigation state,
 * when it is one for this order. The URL alone never starts a payment (spec §2).
 */
export function handoffOf(state: unknown, serialNumber: string): PaymentHandoff | undefined {
  const parsed = paymentHandoffSchema.safeParse(state);
  return parsed.success && parsed.data.outTradeNo === serialNumber ? parsed.data : undefined;
}

/** States an order never leaves: polling stops there. */
const FINAL: readonly OrderState[] = ['paid', 'refunded', 'closed', 'voided', 'timeout'];
export const isFinal = (order: Order | undefined) => order !== undefined && FINAL.includes(order.state);

/** The catalogue key naming a gateway (`order.method.<n>`), or undefined for an unknown one. */
export function gatewayLabelKey(gateway: string): string | undefined {
  const known = Object.hasOwn(PAYMENT_GATEWAYS, gateway)
    ? PAYMENT_GATEWAYS[gateway as keyof typeof PAYMENT_GATEWAYS]
    : undefined;
  return known && `order.method.${known.method}`;
}

/** Spec §5 quick choices (whole units); only those at or above the admin's minimum are offered. */
const PRESET_AMOUNTS = [50, 100, 500, 1000, 5000];
export const presetAmounts = (minimum: number) => PRESET_AMOUNTS.filter((amount) => amount >= minimum);
