/** IP addresses, CIDR blocks, ports and IPv4 ranges (spec §5 generic validators, IP segment dialog). */

const OCTET = /^(?:0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** Dotted quad, each part 0-255; leading zeros refused because some tools read them as octal. */
export function isIPv4(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p) && Number(p) <= 255);
}

/** The eight 16-bit groups of an IPv6 address, or null. Accepts `::` compression and an IPv4 tail. */
export function ipv6Groups(value: string): number[] | null {
  if (value.length < 2 || value.length > 45) return null;
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const parseHalf = (half: string, allowV4Tail: boolean): number[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const groups: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] ?? '';
      if (allowV4Tail && i === parts.length - 1 && part.includes('.')) {
        if (!isIPv4(part)) return null;
        const n = ipv4ToNumber(part);
        groups.push(Math.floor(n / 0x10000), n % 0x10000);
      } else if (HEX_GROUP.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  if (halves.length === 1) {
    const groups = parseHalf(value, true);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = parseHalf(halves[0] ?? '', false);
  const tail = parseHalf(halves[1] ?? '', true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** Full, compressed (`::1`, `fe80::1`) or IPv4-embedded (`::ffff:1.2.3.4`) form; no zone id. */
export function isIPv6(value: unknown): value is string {
  return typeof value === 'string' && ipv6Groups(value) !== null;
}

const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

/** `address/prefix` with prefix 0-32 (IPv4) or 0-128 (IPv6). Host bits may be set, as users type them. */
export function isCidr(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const address = value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  if (!PREFIX.test(prefix)) return false;
  if (isIPv4(address)) return Number(prefix) <= 32;
  if (isIPv6(address)) return Number(prefix) <= 128;
  return false;
}

/** Spec §5 "IPv4, IPv6 or CIDR" — message 'IP format error'. */
export function isIp(value: unknown): value is string {
  return isIPv4(value) || isIPv6(value) || isCidr(value);
}

/**
 * One spelling per address, for duplicate detection: IPv6 lower-case, fully expanded without
 * leading zeros (`::1` and `0:0::0001` are the same address); IPv4 and CIDR prefixes as typed.
 */
export function canonicalIp(value: string): string {
  const slash = value.indexOf('/');
  const address = slash < 0 ? value : value.slice(0, slash);
  const suffix = slash < 0 ? '' : value.slice(slash);
  const groups = address.includes(':') ? ipv6Groups(address) : null;
  return groups ? groups.map((g) => g.toString(16)).join(':') + suffix : value;
}

export const PORT_MIN = 1;
/** The real TCP/UDP range; see docs/adr/0002-port-range.md for why not the spec's 65534. */
export const PORT_MAX = 65535;

/** Integer 1-65535, given as a number or as digits (form inputs give strings). */
export function isPort(value: unknown): value is number | string {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^[1-9]\d{0,4}$/.test(value)) n = Number(value);
  else return false;
  return Number.isInteger(n) && n >= PORT_MIN && n <= PORT_MAX;
}

/** Caller must pass a valid IPv4 (see isIPv4). */
export function ipv4ToNumber(value: string): number {
  return value.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export interface Ipv4Range {
  start: string;
  end: string;
}

/** `start-end` IPv4 line of the IP segment dialog (spec §5): both IPv4, start not above end. */
export function parseIpRangeLine(line: string): Ipv4Range | null {
  const parts = line.split('-');
  if (parts.length !== 2) return null;
  const start = (parts[0] ?? '').trim();
  const end = (parts[1] ?? '').trim();
  if (!isIPv4(start) || !isIPv4(end) || ipv4ToNumber(start) > ipv4ToNumber(end)) return null;
  return { start, end };
}

export function isIpRangeLine(value: unknown): value is string {
  return typeof value === 'string' && parseIpRangeLine(value) !== null;
}

/** Index pairs of ranges that overlap (spec §5: ranges must not overlap), first found or null. */
export function findOverlappingRanges(ranges: readonly Ipv4Range[]): [number, number] | null {
  const sorted = ranges
    .map((r, index) => ({ index, start: ipv4ToNumber(r.start), end: ipv4ToNumber(r.end) }))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && cur.start <= prev.end)
      return [Math.min(prev.index, cur.index), Math.max(prev.index, cur.index)];
  }
  return null;
}
