import { z } from 'zod';
import type { VerifiedPayment } from '../gateway';
import { fromStripeAmount } from './stripe-amount';

/** Events that report a Checkout Session's payment; `payment_status` says whether it is paid. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  // Delayed methods (bank debits…): completed arrives unpaid, then one of these.
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

/** The Event object's documented members (API reference, "The Event object"); nothing else. */
const eventSchema = z.strictObject({
  account: z.string().optional(),
  api_version: z.string().nullish(),
  context: z.string().optional(),
  created: z.number().optional(),
  pending_webhooks: z.number().optional(),
  request: z.unknown().optional(),
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.string(),
  livemode: z.boolean(),
  data: z.object({ object: z.unknown() }),
});

const sessionSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('checkout.session'),
  amount_total: z.number().int().min(0),
  currency: z.string().regex(/^[a-z]{3}$/),
  payment_status: z.string(),
  payment_intent: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]).nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

/**
 * What a verified event says. A Checkout Session names our order by `client_reference_id` (and
 * `metadata.out_trade_no`, which must agree); its `amount_total` is in the currency's minor unit.
 * Events of other types are acknowledged and pay nothing. Null when the body cannot be read, or
 * when it comes from the other mode than the key's (a test event never pays a live order).
 */
export function readStripeEvent(rawBody: string, live: boolean): VerifiedPayment | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = eventSchema.safeParse(json);
  if (!event.success || event.data.livemode !== live) return null;
  if (!SESSION_EVENTS.has(event.data.type))
    return { outTradeNo: '', tradeNo: event.data.id, totalAmount: 0, currency: '', paid: false };
  const session = sessionSchema.safeParse(event.data.data.object);
  if (!session.success) return null;
  const { id, client_reference_id: reference, metadata, payment_intent: intent } = session.data;
  const named = metadata?.out_trade_no;
  const outTradeNo = reference ?? named;
  if (!outTradeNo || (named !== undefined && named !== outTradeNo)) return null;
  const currency = session.data.currency.toUpperCase();
  const totalAmount = fromStripeAmount(session.data.amount_total, currency);
  if (totalAmount === null) return null;
  return {
    outTradeNo,
    // The same for the completed event and a later async one, so a repeat is seen as one.
    tradeNo: (typeof intent === 'string' ? intent : intent?.id) ?? id,
    totalAmount,
    currency,
    paid:
      event.data.type !== 'checkout.session.async_payment_failed' && session.data.payment_status === 'paid',
  };
}
