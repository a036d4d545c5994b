/**
 * Second-generation resident identity card (GB 11643-1999): 17 digits + check character.
 * Digits 1-2 province, 7-14 birth date (YYYYMMDD), 18 the ISO 7064 MOD 11-2 check (0-9 or X).
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
// Province-level codes, plus 83 (residence permits for Taiwan residents) and 81/82 (HK, Macao).
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83,
]);

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

/** Spec §5 "Second-generation ID card number": province, real birth date, check character. */
export function isChineseIdCard(value: unknown): value is string {
  return isChineseIdCardAt(value, new Date());
}

/** `now` is explicit so "birth date not in the future" stays testable. */
export function isChineseIdCardAt(value: unknown, now: Date): value is string {
  if (typeof value !== 'string' || !/^\d{17}[\dXx]$/.test(value)) return false;
  if (!PROVINCES.has(Number(value.slice(0, 2)))) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (birth.getTime() > now.getTime()) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17]?.toUpperCase();
}
