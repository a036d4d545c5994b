import crypto from 'node:crypto';

/**
 * Compares a computed hex signature (MD5, HMAC…) with the one received, in constant time, so a
 * forger learns nothing from how long a refusal takes. Hex case is not significant.
 */
export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
