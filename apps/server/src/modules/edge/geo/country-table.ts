import crypto from 'node:crypto';
import { geoLookup, geoTable } from '@nimbus/contract';
import { ipv4Ranges, type IpRange } from '../../../integrations/ip2region/ip2region';
import { countryOfPlace } from './ip2region-countries';

/** The edges' country table (contract geo-table.ts) and what names it: its hash. */
export interface CountryTable {
  table: Buffer;
  entries: number;
  /** sha256 of the table, hex: the agent asks again only when it changes (a console upgrade). */
  hash: string;
}

/** The table of a list of database ranges (in the database's order). */
export function countryTableOf(ranges: Iterable<IpRange>): CountryTable {
  const built = geoTable(
    (function* () {
      for (const range of ranges)
        yield { start: range.start, end: range.end, country: countryOfPlace(range) };
    })(),
  );
  const table = Buffer.from(built.table.buffer, built.table.byteOffset, built.table.byteLength);
  return { table, entries: built.entries, hash: crypto.createHash('sha256').update(table).digest('hex') };
}

let shipped: CountryTable | undefined;

/** The table of the shipped ip2region database, built once per process (about a second). */
export function countryTable(): CountryTable {
  shipped ??= countryTableOf(ipv4Ranges());
  return shipped;
}

/**
 * An address's country as the edges find it (the same table), for the WAF test box; undefined
 * for IPv6 and for space with no country.
 */
export const countryOfAddress = (address: string): string | undefined =>
  // An IPv4 visitor on a dual-stack socket is ::ffff:a.b.c.d: nimbus.geo looks up the IPv4 part.
  geoLookup(countryTable().table, address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
