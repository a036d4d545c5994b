/** Cents as the decimal yuan/dollar string most gateways want: 1234 → "12.34". */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** A decimal amount string back to cents, exactly; null unless it has at most two decimals. */
export function decimalToCents(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
