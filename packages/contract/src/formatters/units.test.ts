import { describe, expect, it } from 'vitest';
import { bandwidthBps, formatBps, formatBytes, formatCount } from './units';

describe('formatBytes (base 1000)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.00 KB'],
    [1234, '1.23 KB'],
    [1_500_000, '1.50 MB'],
    [2e9, '2.00 GB'],
    [3.21e12, '3.21 TB'],
    [999_999, '1.00 MB'],
    [-2048, '-2.05 KB'],
    [5e21, '5000.00 EB'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
  it('honours the decimals and refuses non-numbers', () => {
    expect(formatBytes(1234, 0)).toBe('1 KB');
    expect(formatBytes(Number.NaN)).toBe('-');
  });
});

describe('bandwidth (bytes × 8 ÷ seconds)', () => {
  it('computes bits per second', () => {
    expect(bandwidthBps(1000, 8)).toBe(1000);
    expect(bandwidthBps(375_000_000, 300)).toBe(10_000_000);
    expect(bandwidthBps(1000, 0)).toBe(0);
    expect(bandwidthBps(1000, -5)).toBe(0);
  });
  it.each([
    [0, '0 bps'],
    [800, '800 bps'],
    [1000, '1.00 Kbps'],
    [10_000_000, '10.00 Mbps'],
    [2.5e9, '2.50 Gbps'],
  ])('%s bps → %s', (bps, text) => {
    expect(formatBps(bps)).toBe(text);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [9999, '9,999'],
    [10_000, '1.00万'],
    [12_345, '1.23万'],
    [99_995_000, '9999.50万'],
    [99_999_999, '1.00亿'],
    [123_456_789, '1.23亿'],
    [1.5e12, '1.50万亿'],
    [-12_345, '-1.23万'],
  ])('cn %s → %s', (n, text) => {
    expect(formatCount(n, 'cn')).toBe(text);
  });
  it.each([
    [999, '999'],
    [1000, '1.00K'],
    [12_345, '12.35K'],
    [999_999, '1.00M'],
    [2_500_000, '2.50M'],
    [7e9, '7.00B'],
    [3e12, '3.00T'],
  ])('en %s → %s', (n, text) => {
    expect(formatCount(n, 'en')).toBe(text);
  });
  it('defaults to Chinese and refuses non-numbers', () => {
    expect(formatCount(12_345)).toBe('1.23万');
    expect(formatCount(Number.NaN)).toBe('-');
  });
});
