import { z } from 'zod';
import { endpointField, secretField } from './common';

/** A secret (`sk_…`) or restricted (`rk_…`) API key, live or test. */
const API_KEY = /^(?:sk|rk)_(?:live|test)_[0-9A-Za-z]+$/;
/** The signing secret the Dashboard shows for a webhook endpoint. */
const WEBHOOK_SECRET = /^whsec_[0-9A-Za-z+/=]+$/;

/**
 * Stripe Checkout (STRIPE_PAY_CONF): the API key that creates Checkout Sessions, and the signing
 * secret of the webhook endpoint the admin adds in the Stripe Dashboard for
 * `<console>/api/payment/notify/stripe` (events `checkout.session.completed` and
 * `checkout.session.async_payment_succeeded`): Stripe has no per-payment notify URL.
 */
export const stripeConfigSchema = z.object({
  endpoint: endpointField('https://api.stripe.com'),
  secretKey: secretField(256).refine((key) => key === '' || API_KEY.test(key), 'validation.invalid'),
  webhookSecret: secretField(256).refine(
    (secret) => secret === '' || WEBHOOK_SECRET.test(secret),
    'validation.invalid',
  ),
});
export type StripeConfig = z.infer<typeof stripeConfigSchema>;
export const STRIPE_SECRET_FIELDS = ['secretKey', 'webhookSecret'] as const;
