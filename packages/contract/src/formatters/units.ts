import type { Lang } from '../lang';
import { groupThousands } from './money';

/**
 * Spec §9: "Units base 1000; count units step by 10,000. Bandwidth is bytes times 8 over the
 * seconds." Traffic and bandwidth use decimal SI prefixes (1 KB = 1000 B), as CDN billing does.
 */
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;
const BIT_RATE_UNITS = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps', 'Pbps'] as const;

function scale(value: number, base: number, units: readonly string[], decimals: number): string {
  if (!Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  let n = Math.abs(value);
  let i = 0;
  while (n >= base && i < units.length - 1) {
    n /= base;
    i++;
  }
  // Rounding can carry into the next unit (999.999 KB → '1000.00 KB'): step up instead.
  if (i > 0 && i < units.length - 1 && Number(n.toFixed(decimals)) >= base) {
    n /= base;
    i++;
  }
  const text = i === 0 ? String(Math.round(n)) : n.toFixed(decimals);
  return `${sign}${text} ${units[i]}`;
}

/** 1234 → '1.23 KB'; below 1000 bytes the whole number: 999 → '999 B'. */
export function formatBytes(bytes: number, decimals = 2): string {
  return scale(bytes, 1000, BYTE_UNITS, decimals);
}

/** Spec §9 bandwidth: bytes × 8 ÷ seconds, in bits per second (0 when the window is empty). */
export function bandwidthBps(bytes: number, seconds: number): number {
  return seconds > 0 ? (bytes * 8) / seconds : 0;
}

/** 1_500_000 → '1.50 Mbps'. */
export function formatBps(bps: number, decimals = 2): string {
  return scale(bps, 1000, BIT_RATE_UNITS, decimals);
}

/**
 * Counts (requests, hits, queries). Chinese groups by 万 (10⁴) and 亿 (10⁸) — the spec's
 * "count units step by 10,000" — so 12,345 → '1.23万'. English readers do not count in
 * ten-thousands, so English uses K/M/B/T (steps of 1000): 12,345 → '12.35K'. Below the first
 * step the exact number is shown with thousands separators (9,999 / 999).
 */
export function formatCount(count: number, lang: Lang = 'cn', decimals = 2): string {
  if (!Number.isFinite(count)) return '-';
  const sign = count < 0 ? '-' : '';
  const abs = Math.abs(count);
  const steps: readonly [number, string][] =
    lang === 'cn'
      ? [
          [1e12, '万亿'],
          [1e8, '亿'],
          [1e4, '万'],
        ]
      : [
          [1e12, 'T'],
          [1e9, 'B'],
          [1e6, 'M'],
          [1e3, 'K'],
        ];
  const index = steps.findIndex(([size]) => abs >= size);
  if (index < 0) return sign + groupThousands(String(Math.round(abs)));
  let [size, unit] = steps[index] as [number, string];
  const bigger = steps[index - 1];
  // Rounding can carry into the next unit (99,999,999 → '1.00亿', not '10000.00万').
  if (bigger && Number((abs / size).toFixed(decimals)) * size >= bigger[0]) [size, unit] = bigger;
  return `${sign}${(abs / size).toFixed(decimals)}${unit}`;
}
