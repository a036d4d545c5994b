import { describe, expect, it } from 'vitest';
import { dueNotice, paidPeriodEnded } from './expiry-notices';

const now = new Date('2026-11-23T00:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('dueNotice', () => {
  it('is the smallest threshold crossed and not yet told', () => {
    expect(dueNotice(inDays(40), [], now)).toBeUndefined();
    expect(dueNotice(inDays(29), [], now)).toBe(30);
    expect(dueNotice(inDays(29), [30], now)).toBeUndefined();
    expect(dueNotice(inDays(6), [30], now)).toBe(7);
    // First seen with 5 days left: one notice (7), not three.
    expect(dueNotice(inDays(5), [], now)).toBe(7);
    expect(dueNotice(inDays(0.5), [30, 7], now)).toBe(1);
    expect(dueNotice(inDays(0.5), [30, 7, 1], now)).toBeUndefined();
  });
});

describe('paidPeriodEnded', () => {
  it('holds for a bought certificate past its paid period only', () => {
    expect(paidPeriodEnded({ productId: 3, paidUntil: inDays(-1) }, now)).toBe(true);
    expect(paidPeriodEnded({ productId: 3, paidUntil: inDays(10) }, now)).toBe(false);
    // Issued here or uploaded: there is no paid period to end.
    expect(paidPeriodEnded({ productId: null, paidUntil: null }, now)).toBe(false);
  });
});
