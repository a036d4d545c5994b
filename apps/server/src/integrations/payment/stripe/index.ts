import { stripeConfigSchema, type StripeConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import { stripeRefused, callStripe } from './stripe-api';
import { toStripeAmount } from './stripe-amount';
import { readStripeEvent } from './stripe-event';
import { stripeSignatureVerifies } from './stripe-signature';

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

/**
 * Stripe Checkout (STRIPE_PAY_CONF, payment method 4): `POST /v1/checkout/sessions` in payment
 * mode with one line item priced inline, and the browser goes to the session's hosted page.
 * Stripe then calls the webhook endpoint the admin registered (not a per-payment URL) with a
 * signed `checkout.session.completed` event and expects a 2xx; anything else is retried.
 */
export const stripeGateway: PaymentGateway<StripeConfig> = {
  name: 'stripe',

  parseConfig(value) {
    const config = stripeConfigSchema.parse(value);
    if (!config.secretKey || !config.webhookSecret) throw new Error('stripe: a key is not set');
    return config;
  },

  async start(config, order) {
    const unitAmount = toStripeAmount(order.totalAmount, order.currency);
    if (unitAmount === null) throw badRequest('payment.stripe.wholeUnits', { currency: order.currency });
    const session = await callStripe(config, '/v1/checkout/sessions', {
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': order.currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': String(unitAmount),
      // Stripe requires a name: an order always has a body, its number stands in otherwise.
      'line_items[0][price_data][product_data][name]': order.body || order.outTradeNo,
      client_reference_id: order.outTradeNo,
      'metadata[out_trade_no]': order.outTradeNo,
      // The hand-off page waits for the webhook either way: paying or giving up both return there.
      success_url: order.returnUrl,
      cancel_url: order.returnUrl,
    });
    if (typeof session.url !== 'string' || !/^https?:\/\//.test(session.url))
      throw stripeRefused('no url in the answer');
    return { kind: 'redirect', url: session.url };
  },

  async verify(config, notification) {
    // Stripe posts to the registered endpoint as it is: a query is not Stripe's.
    if (notification.method !== 'POST' || notification.rawQuery !== '') return null;
    const { rawBody } = notification;
    if (!stripeSignatureVerifies(notification.headers['stripe-signature'], rawBody, config.webhookSecret))
      return null;
    return readStripeEvent(rawBody, /^(?:sk|rk)_live_/.test(config.secretKey));
  },

  reply: { ok: json(200, { received: true }), fail: json(400, { received: false }) },
};
