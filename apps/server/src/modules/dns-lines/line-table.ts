import { DNS_CARRIER_LINES, DNS_OVERSEAS_LINE, DNS_PROVINCE_LINES } from '@nimbus/contract';
import type { IpRange } from '../../integrations/ip2region/ip2region';
import { carrierLineOf, regionLineOf } from './lines-of-place';

/** Bytes of one table entry: the range's first address (big-endian), its carrier, its region. */
export const ENTRY_BYTES = 6;
/** The region byte of addresses outside mainland China; provinces are 1…31, 0 is unknown. */
export const OVERSEAS_BYTE = 255;

/**
 * The IPv4 line table PowerDNS's LUA records search (ADR 0025): one entry where the line of the
 * address space changes, sorted by address, so a client's line is the entry at or before its
 * address. Carrier bytes index DNS_CARRIER_LINES from 1, region bytes DNS_PROVINCE_LINES from 1.
 */
export function lineTable(ranges: Iterable<IpRange>): { table: Buffer; entries: number } {
  const entries: number[] = [];
  let last = '';
  for (const range of ranges) {
    const carrier = carrierLineOf(range);
    const region = regionLineOf(range);
    const carrierByte = carrier ? DNS_CARRIER_LINES.indexOf(carrier) + 1 : 0;
    const regionByte =
      region === DNS_OVERSEAS_LINE ? OVERSEAS_BYTE : region ? DNS_PROVINCE_LINES.indexOf(region) + 1 : 0;
    const key = `${carrierByte}/${regionByte}`;
    if (key === last) continue;
    last = key;
    entries.push(range.start, carrierByte, regionByte);
  }
  const count = entries.length / 3;
  const table = Buffer.alloc(count * ENTRY_BYTES);
  for (let index = 0; index < count; index++) {
    const at = index * ENTRY_BYTES;
    table.writeUInt32BE(entries[index * 3]!, at);
    table.writeUInt8(entries[index * 3 + 1]!, at + 4);
    table.writeUInt8(entries[index * 3 + 2]!, at + 5);
  }
  return { table, entries: count };
}
