import { isDomain } from './domain';
import { canonicalIp, isIp } from './network';

/** Spec §5 "Domain list / IP list: one per line, no duplicates". */
export type LineListResult =
  | { ok: true; items: string[] }
  | {
      ok: false;
      /** 1-based line number in the text as typed (blank lines counted), for pointing at it. */
      line: number;
      value: string;
      reason: 'invalid' | 'duplicate';
    };

/**
 * Splits a textarea into trimmed, non-blank lines and stops at the first invalid or repeated
 * one, so the message can quote it. `identity` decides what counts as "the same" entry.
 */
export function parseLineList(
  text: string,
  isValid: (line: string) => boolean,
  identity: (line: string) => string = (line) => line,
): LineListResult {
  const seen = new Set<string>();
  const items: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const value = (lines[i] ?? '').trim();
    if (value === '') continue;
    if (!isValid(value)) return { ok: false, line: i + 1, value, reason: 'invalid' };
    const key = identity(value);
    if (seen.has(key)) return { ok: false, line: i + 1, value, reason: 'duplicate' };
    seen.add(key);
    items.push(value);
  }
  return { ok: true, items };
}

/** Domains compare case-insensitively (DNS names are), and are returned lower-cased. */
export function parseDomainList(text: string): LineListResult {
  const result = parseLineList(
    text,
    (line) => isDomain(line),
    (line) => line.toLowerCase(),
  );
  return result.ok ? { ok: true, items: result.items.map((d) => d.toLowerCase()) } : result;
}

/** IPv4, IPv6 or CIDR per line; `::1` and `0::1` are the same address and count as a duplicate. */
export function parseIpList(text: string): LineListResult {
  return parseLineList(
    text,
    (line) => isIp(line),
    (line) => canonicalIp(line.toLowerCase()),
  );
}
