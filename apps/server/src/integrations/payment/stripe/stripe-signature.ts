import crypto from 'node:crypto';
import { signatureMatches } from '../signature-match';

/**
 * Stripe's webhook signature (docs.stripe.com/webhooks "Verify signatures manually"): the
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (other schemes, such as
 * the test-only v0, are ignored); v1 is HMAC-SHA256, keyed with the endpoint's whole signing
 * secret (`whsec_…`), over `<t>.<raw body>`. Several v1 are sent while a secret is rolled: one
 * matching is enough. The timestamp is signed too, so refusing one more than five minutes away
 * (the libraries' default tolerance) refuses a captured notification replayed later.
 */
export const STRIPE_TOLERANCE_SECONDS = 300;

export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The header's timestamp and v1 signatures, or null when it is not one. */
export function parseSignatureHeader(header: string | undefined): { t: number; v1: string[] } | null {
  if (!header) return null;
  let t: number | undefined;
  const v1: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) return null;
    const name = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (name === 't') {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value);
  }
  return t === undefined || v1.length === 0 ? null : { t, v1 };
}

/** True when a v1 signature of the header signs this exact body and its time is within tolerance. */
export function stripeSignatureVerifies(
  header: string | undefined,
  payload: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.t) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = stripeSignature(secret, parsed.t, payload);
  // Every candidate is compared, so the time taken says nothing about which one was close.
  return parsed.v1.map((given) => signatureMatches(expected, given)).includes(true);
}
