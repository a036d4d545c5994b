import { describe, expect, it } from 'vitest';
import { fromStripeAmount, toStripeAmount } from './stripe-amount';

describe('amounts in Stripe minor units', () => {
  it('passes two-decimal currencies through as cents', () => {
    expect(toStripeAmount(1_234, 'USD')).toBe(1_234);
    expect(toStripeAmount(5_000, 'CNY')).toBe(5_000);
    expect(fromStripeAmount(1_234, 'EUR')).toBe(1_234);
  });

  it('charges zero-decimal currencies in whole units, refusing a fraction', () => {
    expect(toStripeAmount(50_000, 'JPY')).toBe(500);
    expect(toStripeAmount(100, 'KRW')).toBe(1);
    expect(toStripeAmount(50_050, 'JPY')).toBeNull();
    expect(fromStripeAmount(500, 'JPY')).toBe(50_000);
    expect(fromStripeAmount(7, 'XOF')).toBe(700);
  });

  it('keeps ISK two-decimal but whole, and writes three-decimal currencies in thousandths', () => {
    expect(toStripeAmount(500, 'ISK')).toBe(500);
    expect(toStripeAmount(510, 'ISK')).toBeNull();
    expect(toStripeAmount(512, 'KWD')).toBe(5_120);
    expect(fromStripeAmount(5_120, 'KWD')).toBe(512);
    expect(fromStripeAmount(5_124, 'KWD')).toBeNull();
  });

  it('refuses what is no amount', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect([toStripeAmount(bad, 'USD'), fromStripeAmount(bad, 'USD')]).toEqual([null, null]);
    expect(fromStripeAmount(Number.MAX_SAFE_INTEGER, 'JPY')).toBeNull();
  });
});
