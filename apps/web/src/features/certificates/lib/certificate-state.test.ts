import { describe, expect, it } from 'vitest';
import {
  paidPeriodEnded,
  canRenew,
  daysLeft,
  expiryOf,
  EXPIRING_SOON_DAYS,
  hasApplying,
  renewKind,
} from '@/features/certificates/lib/certificate-state';

const NOW = Date.parse('2025-06-01T00:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();

describe('certificate state', () => {
  it('counts whole days left, negative once past', () => {
    expect(daysLeft(at(10.9), NOW)).toBe(10);
    expect(daysLeft(at(0.5), NOW)).toBe(0);
    expect(daysLeft(at(-0.5), NOW)).toBe(-1);
  });

  it('warns from the first expiry notice (30 days) and marks the past as expired', () => {
    expect(EXPIRING_SOON_DAYS).toBe(30);
    expect(expiryOf({ status: 'own', notAfter: at(29.5) }, NOW)).toEqual({ kind: 'soon', days: 29 });
    expect(expiryOf({ status: 'succeeded', notAfter: at(30.5) }, NOW)).toEqual({ kind: 'ok', days: 30 });
    expect(expiryOf({ status: 'own', notAfter: at(-1) }, NOW)?.kind).toBe('expired');
    // The server's word wins even a moment before the clock agrees.
    expect(expiryOf({ status: 'expired', notAfter: at(0.1) }, NOW)?.kind).toBe('expired');
    expect(expiryOf({ status: 'applying', notAfter: null }, NOW)).toBeNull();
  });

  it('polls only while some row is applying', () => {
    expect(hasApplying([{ status: 'succeeded' }, { status: 'applying' }])).toBe(true);
    expect(hasApplying([{ status: 'failed' }, { status: 'own' }])).toBe(false);
  });

  it('renews ACME certificates only, and not while an order runs', () => {
    expect(canRenew({ source: 'acme', status: 'failed' })).toBe(true);
    expect(canRenew({ source: 'acme', status: 'applying' })).toBe(false);
    expect(canRenew({ source: 'upload', status: 'own' })).toBe(false);
    expect(renewKind('succeeded')).toBe('renew');
    expect(renewKind('expired')).toBe('renew');
    expect(renewKind('failed')).toBe('reapply');
    expect(renewKind('unapplied')).toBe('reapply');
  });
});

describe('paidPeriodEnded', () => {
  const now = Date.parse('2026-11-28T00:00:00Z');
  it('holds for a bought certificate past its paid period only', () => {
    expect(paidPeriodEnded({ productId: 3, paidUntil: '2026-11-27T00:00:00Z' }, now)).toBe(true);
    expect(paidPeriodEnded({ productId: 3, paidUntil: '2026-12-27T00:00:00Z' }, now)).toBe(false);
    expect(paidPeriodEnded({ productId: null, paidUntil: null }, now)).toBe(false);
  });
});
