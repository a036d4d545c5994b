import { describe, expect, it } from 'vitest';
import { formatMoney, groupThousands, parseMoneyToCents } from './money';

describe('formatMoney (cents → unit, 2 decimals, thousands separators)', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [99, '¥0.99'],
    [100, '¥1.00'],
    [123456, '¥1,234.56'],
    [100000000, '¥1,000,000.00'],
    [-123456, '-¥1,234.56'],
    [-5, '-¥0.05'],
    [12.5, '¥0.13'],
    [-0.4, '¥0.00'],
    [900719925474099, '¥9,007,199,254,740.99'],
  ])('%s → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
  it('uses the configured unit', () => {
    expect(formatMoney(500, '$')).toBe('$5.00');
    expect(formatMoney(500, '')).toBe('5.00');
  });
  it('shows a dash for a non-number rather than a plausible amount', () => {
    expect(formatMoney(Number.NaN)).toBe('-');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('-');
  });
  it('groups thousands', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['5', 500],
    ['5.5', 550],
    ['5.05', 505],
    [' 12.34 ', 1234],
    [12.34, 1234],
    ['0', 0],
  ])('%j → %s', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });
  it.each(['', '-1', '1.234', 'abc', '1,000', '1e3', '.5'])('rejects %j', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });
});
