/** Default price unit (spec §9); the web config's price unit overrides it. */
export const DEFAULT_PRICE_UNIT = '¥';

/** 1234567 → '1,234,567' (digits only, no sign). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Money is integer cents everywhere (ARCHITECTURE); shown ÷100 with 2 decimals and thousands
 * separators, sign before the unit: 123456 → '¥1,234.56', -5 → '-¥0.05'. Works on integers
 * so large amounts never pick up floating-point noise; fractional cents round half away from zero.
 * A non-finite input (a bug upstream) shows '-' rather than a plausible-looking amount.
 */
export function formatMoney(cents: number, unit: string = DEFAULT_PRICE_UNIT): string {
  if (!Number.isFinite(cents)) return '-';
  const abs = Math.round(Math.abs(cents));
  const sign = cents < 0 && abs !== 0 ? '-' : '';
  const whole = groupThousands(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${unit}${whole}.${fraction}`;
}

/** '12.34' / '12' / 12.34 → 1234 cents, or null when not a non-negative amount with ≤2 decimals. */
export function parseMoneyToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
