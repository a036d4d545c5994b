import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, stripeSignature, stripeSignatureVerifies } from './stripe-signature';

/**
 * Stripe publishes no secret-and-body vector, so the scheme is checked against its description
 * computed here with Node's HMAC directly, plus round trips and tampering.
 */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const BODY = '{"id":"evt_1","object":"event","type":"checkout.session.completed"}';
const T = 1_700_000_000;
const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text).digest('hex');

describe('the Stripe webhook signature', () => {
  it('is HMAC-SHA256 keyed with the whole whsec_ secret over "t.body"', () => {
    expect(stripeSignature(SECRET, T, BODY)).toBe(hmac(SECRET, `${T}.${BODY}`));
    expect(stripeSignature(SECRET, T, BODY)).not.toBe(hmac(SECRET.slice(6), `${T}.${BODY}`));
  });

  it('verifies within five minutes either way, and not after', () => {
    const header = `t=${T},v1=${hmac(SECRET, `${T}.${BODY}`)}`;
    expect(stripeSignatureVerifies(header, BODY, SECRET, T)).toBe(true);
    expect(stripeSignatureVerifies(header, BODY, SECRET, T + 300)).toBe(true);
    expect(stripeSignatureVerifies(header, BODY, SECRET, T - 300)).toBe(true);
    expect(stripeSignatureVerifies(header, BODY, SECRET, T + 301)).toBe(false);
    expect(stripeSignatureVerifies(header, BODY, SECRET, T - 301)).toBe(false);
  });

  it('refuses another body, secret or time, and accepts any one v1 while a secret is rolled', () => {
    const v1 = hmac(SECRET, `${T}.${BODY}`);
    expect(stripeSignatureVerifies(`t=${T},v1=${v1}`, `${BODY} `, SECRET, T)).toBe(false);
    expect(stripeSignatureVerifies(`t=${T},v1=${v1}`, BODY, `${SECRET}x`, T)).toBe(false);
    expect(stripeSignatureVerifies(`t=${T + 1},v1=${v1}`, BODY, SECRET, T)).toBe(false);
    const old = hmac('whsec_old', `${T}.${BODY}`);
    expect(stripeSignatureVerifies(`t=${T},v1=${old},v1=${v1},v0=${'0'.repeat(64)}`, BODY, SECRET, T)).toBe(
      true,
    );
    expect(stripeSignatureVerifies(`t=${T},v0=${v1}`, BODY, SECRET, T)).toBe(false);
    expect(stripeSignatureVerifies(`t=${T},v1=${v1.toUpperCase()}`, BODY, SECRET, T)).toBe(false);
  });

  it('reads the header strictly', () => {
    const v1 = 'a'.repeat(64);
    expect(parseSignatureHeader(`t=${T},v1=${v1}`)).toEqual({ t: T, v1: [v1] });
    expect(parseSignatureHeader(` t=${T} , v1=${v1} `)).toEqual({ t: T, v1: [v1] });
    for (const header of [
      undefined,
      '',
      `v1=${v1}`,
      `t=${T}`,
      `t=${T},t=${T},v1=${v1}`,
      `t=-1,v1=${v1}`,
      `t=1e9,v1=${v1}`,
      `t=${T},v1=${v1},garbage`,
    ])
      expect(parseSignatureHeader(header)).toBeNull();
  });
});
