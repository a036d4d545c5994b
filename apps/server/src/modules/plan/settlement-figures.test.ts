import { describe, expect, it } from 'vitest';
import {
  bandwidthFigureMbps,
  billedSpan,
  monthToSettle,
  nextMonthStart,
  overageGb,
  SETTLE_GRACE_MS,
} from './settlement-figures';

// Months start at 00:00 of the display time zone (UTC+8): 16:00 UTC the day before.
const at = (iso: string) => new Date(iso);

describe('the month a run settles', () => {
  it('is the month before, once its grace has passed', () => {
    const novemberStart = at('2026-10-31T16:00:00Z');
    expect(monthToSettle(new Date(novemberStart.getTime() + SETTLE_GRACE_MS))).toEqual(
      at('2026-09-30T16:00:00Z'),
    );
  });

  it('is the month before that while the grace runs', () => {
    const novemberStart = at('2026-10-31T16:00:00Z');
    expect(monthToSettle(new Date(novemberStart.getTime() + SETTLE_GRACE_MS - 1))).toEqual(
      at('2026-08-31T16:00:00Z'),
    );
  });

  it('ends where the next month starts, across a year and a short February', () => {
    expect(nextMonthStart(at('2026-11-30T16:00:00Z'))).toEqual(at('2026-12-31T16:00:00Z'));
    expect(nextMonthStart(at('2027-01-31T16:00:00Z'))).toEqual(at('2027-02-28T16:00:00Z'));
  });
});

describe('the span a plan is billed for', () => {
  const from = at('2026-09-30T16:00:00Z');
  const to = at('2026-10-31T16:00:00Z');

  it('is the part of the month the plan was in force', () => {
    const plan = { startsAt: at('2026-10-10T00:00:00Z'), endsAt: at('2027-01-01T00:00:00Z') };
    expect(billedSpan(plan, from, to)).toEqual({ from: plan.startsAt, to });
  });

  it('is none for a plan that ended before the month', () => {
    expect(billedSpan({ startsAt: at('2026-08-01T00:00:00Z'), endsAt: from }, from, to)).toBeNull();
  });
});

describe('the bandwidth figure', () => {
  const span = { from: at('2026-09-30T16:00:00Z'), to: at('2026-10-02T16:00:00Z') }; // two days
  // 37,500,000 bytes in 5 minutes is 1 Mbps.
  const samples = [
    { at: span.from.getTime() + 3_600_000, bytesOut: 37_500_000 },
    { at: span.from.getTime() + 86_400_000 + 3_600_000, bytesOut: 75_000_000 },
  ];

  it('averages the daily peaks over the days of the span (mode 2)', () => {
    expect(bandwidthFigureMbps('peak', samples, span)).toBe(1.5);
  });

  it('takes the 95th percentile over every 5-minute slot of the span, idle ones too (mode 3)', () => {
    // 576 slots, the top 28 left out: 20 at 2 Mbps, then the 20 at 1 Mbps (not 2 of 40 samples).
    const busy = Array.from({ length: 40 }, (_, i) => ({
      at: span.from.getTime() + i * 300_000,
      bytesOut: i < 20 ? 75_000_000 : 37_500_000,
    }));
    expect(bandwidthFigureMbps('p95', busy, span)).toBe(1);
  });
});

describe('the overage', () => {
  it('is the GB past the quota', () => {
    expect(overageGb(3.5e9, 2e9)).toBe(1.5);
  });

  it('is 0 within the quota and for unlimited traffic (no quota)', () => {
    expect(overageGb(1e9, 2e9)).toBe(0);
    expect(overageGb(5e9, 0)).toBe(0);
  });
});
