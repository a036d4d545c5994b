import fs from 'node:fs';
import { createRequire } from 'node:module';
import type IP2Region from 'ip2region';

/**
 * The ip2region database (npm `ip2region`, ADR 0025): where an address is and whose network it
 * is, in the database's own (Chinese) words. IPv4 from its ip2region.db, IPv6 from ipv6wry.db.
 */
export interface IpPlace {
  country: string;
  province: string;
  city: string;
  isp: string;
}

/** One IPv4 range of the database, in address order, its ends as unsigned 32-bit numbers. */
export interface IpRange extends IpPlace {
  start: number;
  end: number;
}

const require = createRequire(import.meta.url);
const IPV4_DB = require.resolve('ip2region/data/ip2region.db');
// A CommonJS module with its class on `exports.default`, which Node's ESM import does not unwrap.
const { default: IP2RegionClass } = require('ip2region') as { default: typeof IP2Region };

let searcher: IP2Region | undefined;

export function ipPlace(address: string): IpPlace | null {
  searcher ??= new IP2RegionClass();
  return searcher.search(address);
}

/** The database's fields of one region string: `country|area|province|city|isp`, '0' for unknown. */
function placeOf(region: string): IpPlace {
  const [country = '', , province = '', city = '', isp = ''] = region
    .split('|')
    .map((field) => (field === '0' ? '' : field));
  return { country, province, city, isp };
}

/**
 * Every IPv4 range of the database, read straight from its index (ip2region.db v1: an 8-byte
 * header with the first and last index offsets, then 12-byte entries of start, end and a data
 * pointer whose top byte is the data's length; the data is a 4-byte city id and the region string).
 */
export function* ipv4Ranges(): Generator<IpRange> {
  const data = fs.readFileSync(IPV4_DB);
  const first = data.readUInt32LE(0);
  const last = data.readUInt32LE(4);
  const places = new Map<number, IpPlace>();
  for (let entry = first; entry <= last; entry += 12) {
    const pointer = data.readUInt32LE(entry + 8);
    const offset = pointer & 0xffffff;
    let place = places.get(offset);
    if (!place) {
      place = placeOf(data.toString('utf8', offset + 4, offset + (pointer >>> 24)));
      places.set(offset, place);
    }
    yield { start: data.readUInt32LE(entry), end: data.readUInt32LE(entry + 4), ...place };
  }
}
