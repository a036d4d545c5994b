import { ipv4ToNumber, ipv6Groups, isIPv4, isIPv6 } from './network';

/**
 * IP segments of recursive DNS (spec §3 IP segment, §5 IP segment dialog): the spec's
 * `start-end` IPv4 lines and, beyond it, IPv6 ranges, CIDR blocks (v4 and v6) and single
 * addresses. Addresses are compared as integers (bigint: IPv6 needs 128 bits).
 */
export interface IpSegment {
  family: 4 | 6;
  start: bigint;
  end: bigint;
  /** The first and last address, as people write them. */
  startIp: string;
  endIp: string;
  /** The line in one spelling: `a-b`, `a/len` or `a`. */
  text: string;
}

export type SegmentProblem = 'format' | 'order';

const V4_BITS = 32;
const V6_BITS = 128;

function toBig(ip: string): { family: 4 | 6; value: bigint } | null {
  if (isIPv4(ip)) return { family: 4, value: BigInt(ipv4ToNumber(ip)) };
  const groups = isIPv6(ip) ? ipv6Groups(ip) : null;
  if (!groups) return null;
  return { family: 6, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n) };
}

/** The integer back to text: dotted quad, or IPv6 with the longest zero run as `::`. */
export function ipFromBig(family: 4 | 6, value: bigint): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn));
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i > 1) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/** One line of the dialog → the segment, or why not. */
export function parseSegment(line: string): IpSegment | SegmentProblem {
  const value = line.trim();
  const bits = (family: 4 | 6) => (family === 4 ? V4_BITS : V6_BITS);
  const make = (family: 4 | 6, start: bigint, end: bigint, text: string): IpSegment => ({
    family,
    start,
    end,
    startIp: ipFromBig(family, start),
    endIp: ipFromBig(family, end),
    text,
  });
  if (value.includes('/')) {
    const [address = '', prefixText = ''] = value.split('/');
    const parsed = toBig(address);
    if (!parsed || !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return 'format';
    const prefix = BigInt(prefixText);
    const width = BigInt(bits(parsed.family));
    if (prefix > width) return 'format';
    const hostMask = (1n << (width - prefix)) - 1n;
    const start = parsed.value & ~hostMask;
    return make(parsed.family, start, start | hostMask, `${ipFromBig(parsed.family, start)}/${prefix}`);
  }
  if (value.includes('-')) {
    const parts = value.split('-');
    if (parts.length !== 2) return 'format';
    const start = toBig((parts[0] ?? '').trim());
    const end = toBig((parts[1] ?? '').trim());
    if (!start || !end || start.family !== end.family) return 'format';
    if (start.value > end.value) return 'order';
    const family = start.family;
    return make(
      family,
      start.value,
      end.value,
      `${ipFromBig(family, start.value)}-${ipFromBig(family, end.value)}`,
    );
  }
  const single = toBig(value);
  if (!single) return 'format';
  return make(single.family, single.value, single.value, ipFromBig(single.family, single.value));
}

/** The segment as the fewest CIDR blocks covering exactly it (the Recursor's allow-from takes masks). */
export function segmentToCidrs(segment: Pick<IpSegment, 'family' | 'start' | 'end'>): string[] {
  const width = BigInt(segment.family === 4 ? V4_BITS : V6_BITS);
  const blocks: string[] = [];
  let start = segment.start;
  while (start <= segment.end) {
    // The largest block aligned at `start` that does not pass `end`.
    let size = 0n;
    while (size < width) {
      const next = size + 1n;
      const mask = (1n << next) - 1n;
      if ((start & mask) !== 0n || start + mask > segment.end) break;
      size = next;
    }
    blocks.push(`${ipFromBig(segment.family, start)}/${width - size}`);
    start += 1n << size;
  }
  return blocks;
}

/** Two segments share an address. */
export const segmentsOverlap = (a: Pick<IpSegment, 'family' | 'start' | 'end'>, b: typeof a) =>
  a.family === b.family && a.start <= b.end && b.start <= a.end;

export type SegmentLinesResult =
  | { ok: true; segments: IpSegment[] }
  | { ok: false; line: number; value: string; reason: SegmentProblem | 'overlap' | 'required' };

/**
 * The dialog's text, one segment per line: the first wrong line (its 1-based number and text)
 * or the segments. Lines that overlap each other are refused (spec §5).
 */
export function parseSegmentLines(text: string): SegmentLinesResult {
  const segments: IpSegment[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const value = (lines[i] ?? '').trim();
    if (value === '') continue;
    const parsed = parseSegment(value);
    if (typeof parsed === 'string') return { ok: false, line: i + 1, value, reason: parsed };
    if (segments.some((other) => segmentsOverlap(other, parsed)))
      return { ok: false, line: i + 1, value, reason: 'overlap' };
    segments.push(parsed);
  }
  if (segments.length === 0) return { ok: false, line: 1, value: '', reason: 'required' };
  return { ok: true, segments };
}

/** `ip`, `ip:port` (IPv4) or `[ipv6]:port` / bare IPv6: a forward rule's upstream server. */
export function parseUpstream(value: string): { ip: string; port: number } | null {
  const text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(text);
  let ip: string;
  let portText: string | undefined;
  if (bracketed) [, ip = '', portText] = bracketed;
  else if (v4) [, ip = '', portText] = v4;
  else if (isIPv6(text)) ip = text;
  else return null;
  if (!(isIPv4(ip) || isIPv6(ip)) || (v4 && !isIPv4(ip)) || (bracketed && !isIPv6(ip))) return null;
  const port = portText === undefined ? 53 : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { ip, port };
}

/** The upstream as the Recursor writes it: `1.2.3.4:53`, `[::1]:53`. */
export const upstreamText = (upstream: { ip: string; port: number }) =>
  upstream.ip.includes(':') ? `[${upstream.ip}]:${upstream.port}` : `${upstream.ip}:${upstream.port}`;
