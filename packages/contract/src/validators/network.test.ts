import { describe, expect, it } from 'vitest';
import {
  canonicalIp,
  findOverlappingRanges,
  ipv4ToNumber,
  isCidr,
  isIp,
  isIPv4,
  isIPv6,
  isIpRangeLine,
  isPort,
  parseIpRangeLine,
} from './network';

describe('isIPv4', () => {
  it.each(['0.0.0.0', '1.2.3.4', '192.168.1.1', '255.255.255.255', '10.0.0.255'])('accepts %s', (v) => {
    expect(isIPv4(v)).toBe(true);
  });
  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    '1.2.3.4 ',
    'a.b.c.d',
    '',
    '1..2.3',
    '::1',
  ])('rejects %j', (v) => {
    expect(isIPv4(v)).toBe(false);
  });
});

describe('isIPv6', () => {
  it.each([
    '::',
    '::1',
    '1::',
    'fe80::1',
    '2001:db8::8a2e:370:7334',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '2001:DB8:0:0:8:800:200C:417A',
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '::ffff:192.168.1.1',
    '64:ff9b::1.2.3.4',
    '1:2:3:4:5:6:1.2.3.4',
  ])('accepts %s', (v) => {
    expect(isIPv6(v)).toBe(true);
  });
  it.each([
    '',
    ':',
    ':::',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::1',
    'g::1',
    '1:2:3:4:5:6:7::8',
    '::1.2.3',
    '1.2.3.4::',
    'fe80::1%eth0',
    '1.2.3.4',
    ':1:2:3:4:5:6:7',
  ])('rejects %j', (v) => {
    expect(isIPv6(v)).toBe(false);
  });
});

describe('isCidr', () => {
  it.each(['10.0.0.0/8', '192.168.1.0/24', '1.2.3.4/32', '0.0.0.0/0', '2001:db8::/32', '::/0', '::1/128'])(
    'accepts %s',
    (v) => {
      expect(isCidr(v)).toBe(true);
    },
  );
  it.each([
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.0/',
    '10.0.0.0/08',
    '10.0.0.0/-1',
    '10.0.0/8',
    '/8',
    '1.2.3.4/8/8',
    '1.2.3.4',
  ])('rejects %j', (v) => {
    expect(isCidr(v)).toBe(false);
  });
});

describe('isIp (IPv4, IPv6 or CIDR)', () => {
  it.each(['1.2.3.4', '::1', '10.0.0.0/8', 'fe80::/10'])('accepts %s', (v) => {
    expect(isIp(v)).toBe(true);
  });
  it.each(['example.com', '1.2.3.4/33', '300.1.1.1', '', null])('rejects %j', (v) => {
    expect(isIp(v)).toBe(false);
  });
});

describe('isPort (1-65535, ADR 0002)', () => {
  it.each([1, 80, 443, 65534, 65535, '1', '8080', '65535'])('accepts %j', (v) => {
    expect(isPort(v)).toBe(true);
  });
  it.each([
    0,
    -1,
    65536,
    80.5,
    Number.NaN,
    '0',
    '65536',
    '80a',
    '',
    ' 80',
    '080',
    '8e1',
    '0x50',
    null,
    undefined,
  ])('rejects %j', (v) => {
    expect(isPort(v)).toBe(false);
  });
});

describe('canonicalIp', () => {
  it('spells equal IPv6 addresses the same way', () => {
    expect(canonicalIp('::1')).toBe(canonicalIp('0:0:0:0:0:0:0:0001'));
    expect(canonicalIp('2001:DB8::/32')).toBe(canonicalIp('2001:db8:0::/32'));
    expect(canonicalIp('1.2.3.4')).toBe('1.2.3.4');
    expect(canonicalIp('::ffff:1.2.3.4')).toBe('0:0:0:0:0:ffff:102:304');
  });
});

describe('IPv4 ranges', () => {
  it('numbers addresses', () => {
    expect(ipv4ToNumber('0.0.0.0')).toBe(0);
    expect(ipv4ToNumber('255.255.255.255')).toBe(4294967295);
    expect(ipv4ToNumber('1.0.0.0')).toBe(16777216);
  });
  it.each(['1.1.1.1-1.1.1.255', '1.1.1.1 - 1.1.1.1', '0.0.0.0-255.255.255.255'])('accepts %s', (v) => {
    expect(isIpRangeLine(v)).toBe(true);
  });
  it.each([
    '1.1.1.2-1.1.1.1',
    '1.1.1.1',
    '1.1.1.1-',
    '1.1.1.1-1.1.1.2-1.1.1.3',
    '::1-::2',
    '1.1.1.1-1.1.1.256',
    '1.1.1.0/24',
  ])('rejects %j', (v) => {
    expect(isIpRangeLine(v)).toBe(false);
  });
  it('trims both ends', () => {
    expect(parseIpRangeLine(' 1.1.1.1 -  1.1.1.9 ')).toEqual({ start: '1.1.1.1', end: '1.1.1.9' });
  });
  it('finds overlapping ranges', () => {
    const a = { start: '1.1.1.1', end: '1.1.1.10' };
    const b = { start: '1.1.1.20', end: '1.1.1.30' };
    const c = { start: '1.1.1.10', end: '1.1.1.15' };
    expect(findOverlappingRanges([a, b])).toBeNull();
    expect(findOverlappingRanges([b, a, c])).toEqual([1, 2]);
    expect(findOverlappingRanges([])).toBeNull();
  });
});
