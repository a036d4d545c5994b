import { GEO_ENTRY_BYTES, GEO_UNKNOWN, geoLookup, geoTable, ipv4Number } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { ipv4Ranges } from '../../../integrations/ip2region/ip2region';
import { countryOfAddress, countryTable } from './country-table';
import { countryOfPlace, IP2REGION_COUNTRIES, NOT_COUNTRIES } from './ip2region-countries';

const n = (address: string) => ipv4Number(address)!;

describe('ip2region country names', () => {
  it('every country name of the shipped database maps to a code or is a listed exception', () => {
    const names = new Set<string>();
    for (const range of ipv4Ranges()) names.add(range.country);
    const unmapped = [...names].filter((name) => !NOT_COUNTRIES.has(name) && !IP2REGION_COUNTRIES[name]);
    expect(unmapped).toEqual([]);
    for (const name of names)
      if (!NOT_COUNTRIES.has(name))
        expect(countryOfPlace({ country: name, province: '' }), name).toMatch(/^[A-Z]{2}$/);
  });

  it('places Hong Kong, Macao and Taiwan by their province of 中国', () => {
    expect(countryOfPlace({ country: '中国', province: '香港' })).toBe('HK');
    expect(countryOfPlace({ country: '中国', province: '澳门' })).toBe('MO');
    expect(countryOfPlace({ country: '中国', province: '台湾省' })).toBe('TW');
    expect(countryOfPlace({ country: '中国', province: '江苏省' })).toBe('CN');
    expect(countryOfPlace({ country: '中国', province: '' })).toBe('CN');
    expect(countryOfPlace({ country: '欧洲', province: '' })).toBeUndefined();
    expect(countryOfPlace({ country: '', province: '' })).toBeUndefined();
  });
});

describe('the country table', () => {
  it('merges runs, fills gaps with unknown and finds the entry at or before an address', () => {
    const { table, entries } = geoTable([
      { start: n('1.0.0.0'), end: n('1.0.0.255'), country: 'AU' },
      { start: n('1.0.1.0'), end: n('1.0.3.255'), country: 'AU' },
      { start: n('1.0.8.0'), end: n('1.0.8.255'), country: 'CN' },
      { start: n('127.0.0.90'), end: n('127.0.0.90'), country: 'US' },
    ]);
    // unknown from 0, AU (two ranges merged), unknown gap, CN, unknown, US, unknown to the end
    expect(entries).toBe(7);
    expect(table.length).toBe(7 * GEO_ENTRY_BYTES);
    expect(geoLookup(table, '0.0.0.1')).toBeUndefined();
    expect(geoLookup(table, '1.0.0.0')).toBe('AU');
    expect(geoLookup(table, '1.0.3.255')).toBe('AU');
    expect(geoLookup(table, '1.0.4.0')).toBeUndefined();
    expect(geoLookup(table, '1.0.8.77')).toBe('CN');
    expect(geoLookup(table, '127.0.0.89')).toBeUndefined();
    expect(geoLookup(table, '127.0.0.90')).toBe('US');
    expect(geoLookup(table, '127.0.0.91')).toBeUndefined();
    expect(geoLookup(table, '255.255.255.255')).toBeUndefined();
    expect(geoLookup(table, '2001:db8::1')).toBeUndefined();
    expect(String.fromCharCode(table[4]!, table[5]!)).toBe(GEO_UNKNOWN);
  });

  it('refuses ranges out of order and anything but a two-letter code', () => {
    expect(() =>
      geoTable([
        { start: 10, end: 20, country: 'US' },
        { start: 15, end: 30, country: 'CN' },
      ]),
    ).toThrow(/out of order/);
    expect(() => geoTable([{ start: 0, end: 1, country: 'u"' }])).toThrow(/country code/);
  });

  it('built from the shipped database, is sorted and places known addresses', () => {
    const { table, entries, hash } = countryTable();
    expect(table.length).toBe(entries * GEO_ENTRY_BYTES);
    for (let i = 1; i < entries; i++) {
      expect(table.readUInt32BE(i * GEO_ENTRY_BYTES)).toBeGreaterThan(
        table.readUInt32BE((i - 1) * GEO_ENTRY_BYTES),
      );
      // merged: two neighbours never carry the same country
      expect(table.subarray(i * 6 + 4, i * 6 + 6).equals(table.subarray(i * 6 - 2, i * 6))).toBe(false);
    }
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(countryOfAddress('8.8.8.8')).toBe('US');
    expect(countryOfAddress('114.114.114.114')).toBe('CN');
    expect(countryOfAddress('1.1.1.1')).toBe('AU'); // ip2region places Cloudflare's resolver in 澳大利亚
    expect(countryOfAddress('127.0.0.1')).toBeUndefined();
    expect(countryOfAddress('10.1.2.3')).toBeUndefined();
    expect(countryOfAddress('240e::1')).toBeUndefined();
    expect(countryOfAddress('::ffff:8.8.8.8')).toBe('US');
  });
});
