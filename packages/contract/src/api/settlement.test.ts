import { describe, expect, it } from 'vitest';
import { formatSettlementFigure, formatSettlementMonth, settlementCents } from './settlement';

describe('settlementCents (figure × unit price, rounded once)', () => {
  it.each([
    [0.26337448, 1234, 325], // 325.004…: the figure is not rounded first
    [2.345, 100, 235], // 234.5 rounds half up
    [2.344, 100, 234],
    [1_000, 1_000_000_000, 1_000_000_000_000],
  ])('%d at %d cents is %d cents', (figure, price, cents) => {
    expect(settlementCents(figure, price)).toBe(cents);
  });

  it('is 0 for no figure or no price', () => {
    expect(settlementCents(0, 1234)).toBe(0);
    expect(settlementCents(12.5, 0)).toBe(0);
  });
});

describe('how a settlement reads', () => {
  it('shows the figure with its unit and the month in the display time zone', () => {
    expect(formatSettlementFigure('p95', 0.26337448)).toBe('0.26 Mbps');
    expect(formatSettlementFigure('overage', 3.1)).toBe('3.10 GB');
    // 2026-10-31T16:00Z is 1 November 00:00 at UTC+8.
    expect(formatSettlementMonth('2026-10-31T16:00:00.000Z')).toBe('2026-11');
  });
});
