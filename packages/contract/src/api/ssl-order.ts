import { z } from 'zod';
import { zDomain } from '../validators';
import { MAX_ORDER_QUANTITY, PLAN_CYCLE_UNITS } from './plan';
import { SSL_MAX_DOMAINS } from './ssl-product';

/*
 * Certificate orders (issue 22 §4; spec §4 order types 20–23). A customer buys a certificate
 * product (kind `ssl`) for domains of their own sites: a paid product makes an unpaid order of
 * type 20, paid like any order; a free one (price 0) an order of type 22, fulfilled at once.
 * Fulfilling creates the certificate with a paid period of the cycles bought and issues it over
 * ACME with the product's CA; it renews by itself within the paid period. A renewal order (21,
 * or 23 for a free product) extends the paid period. A refund ends the paid period: the
 * certificate stays until it expires and is not renewed. Another customer's ids answer 404.
 *
 *   POST app/site/certificate/buy          SslBuyRequest → Order (type 20 unpaid, or 22 paid)
 *   POST app/site/certificate/renew/order  SslRenewOrderRequest → Order (type 21 unpaid, or 23 paid)
 */
export const SSL_ORDER_PATHS = {
  buy: 'app/site/certificate/buy',
  renewOrder: 'app/site/certificate/renew/order',
} as const;

const quantity = z
  .number({ message: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(MAX_ORDER_QUANTITY, 'validation.invalid');
const id = z.number({ message: 'validation.required' }).int().positive('validation.required');
const cycle = z.enum(PLAN_CYCLE_UNITS, { message: 'validation.invalid' });

export const sslBuyRequestSchema = z.object({
  productId: id,
  cycle,
  quantity: quantity.default(1),
  name: z.string().trim().max(64, 'validation.tooLong').default(''),
  /** Domains of the customer's own enabled sites, as many as the product allows; no `*.` (HTTP-01). */
  domains: z
    .array(zDomain())
    .min(1, 'validation.required')
    .max(SSL_MAX_DOMAINS, 'validation.invalid')
    .refine((list) => list.every((d) => !d.startsWith('*.')), { message: 'certificate.acmeWildcard' }),
});
export type SslBuyRequest = z.input<typeof sslBuyRequestSchema>;

export const sslRenewOrderRequestSchema = z.object({ id, cycle, quantity: quantity.default(1) });
export type SslRenewOrderRequest = z.input<typeof sslRenewOrderRequestSchema>;
