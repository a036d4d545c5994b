import { z } from 'zod';

/*
 * The country table the edges look visitors up in (issue 20 §2: region allow/deny, the WAF
 * `country` target). Built by the console from its IP database and served to the agents, which
 * hand it to nginx's Lua (`nimbus.geo`). One entry where the country of the IPv4 space changes:
 * the first address of the run (4 bytes, big-endian), then its country code (2 ASCII letters, or
 * GEO_UNKNOWN). Sorted by address, so an address's country is the entry at or before it; an
 * address before the first entry has none. IPv6 has no country (the database's IPv6 part names
 * carriers, seldom countries).
 */

export const GEO_ENTRY_BYTES = 6;
/** No country: private, reserved or unassigned space, or a region the database names no country for. */
export const GEO_UNKNOWN = '--';
const LAST_IPV4 = 0xffffffff;

/** A run of IPv4 addresses (ends as unsigned 32-bit numbers) and its country code, if any. */
export interface GeoRange {
  start: number;
  end: number;
  country: string | undefined;
}

const codeOf = (country: string | undefined) => {
  if (country === undefined) return GEO_UNKNOWN;
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(`not a country code: ${JSON.stringify(country)}`);
  return country;
};

/**
 * The table of ranges given in address order. Gaps between them (and the space after the last)
 * are unknown; neighbouring runs of one country merge into one entry.
 */
export function geoTable(ranges: Iterable<GeoRange>): { table: Uint8Array; entries: number } {
  const starts: number[] = [];
  const codes: string[] = [];
  let next = 0;
  const push = (start: number, code: string) => {
    if (codes.length > 0 && codes[codes.length - 1] === code) return;
    starts.push(start);
    codes.push(code);
  };
  for (const range of ranges) {
    if (range.start < next || range.end < range.start || range.end > LAST_IPV4)
      throw new Error(`ranges out of order at ${range.start}`);
    if (range.start > next) push(next, GEO_UNKNOWN);
    push(range.start, codeOf(range.country));
    next = range.end + 1;
  }
  if (next <= LAST_IPV4) push(next, GEO_UNKNOWN);
  const table = new Uint8Array(starts.length * GEO_ENTRY_BYTES);
  const view = new DataView(table.buffer);
  starts.forEach((start, index) => {
    const at = index * GEO_ENTRY_BYTES;
    view.setUint32(at, start);
    table[at + 4] = codes[index]!.charCodeAt(0);
    table[at + 5] = codes[index]!.charCodeAt(1);
  });
  return { table, entries: starts.length };
}

/** An IPv4 address (dotted quad) as an unsigned 32-bit number; undefined for anything else. */
export function ipv4Number(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** The country code of an address in a table, as nimbus.geo finds it; undefined: no country. */
export function geoLookup(table: Uint8Array, address: string): string | undefined {
  const number = ipv4Number(address);
  const count = Math.floor(table.length / GEO_ENTRY_BYTES);
  if (number === undefined || count === 0) return undefined;
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (view.getUint32(middle * GEO_ENTRY_BYTES) <= number) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  if (found < 0) return undefined;
  const at = found * GEO_ENTRY_BYTES + 4;
  const code = String.fromCharCode(table[at]!, table[at + 1]!);
  return code === GEO_UNKNOWN ? undefined : code;
}

/** What `edge/v1/geo` answers: which table the console serves now. */
export const edgeGeoSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  entries: z.number().int().min(0),
  bytes: z.number().int().min(0),
});
export type EdgeGeo = z.infer<typeof edgeGeoSchema>;
