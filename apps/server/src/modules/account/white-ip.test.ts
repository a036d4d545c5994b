import { describe, expect, it } from 'vitest';
import { ipAllowed, isWhiteIpEntry, normalizeIp } from './white-ip';

describe('isWhiteIpEntry', () => {
  it.each(['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '192.168.1.7/32', '::1', '2001:db8::/32', 'fe80::1/128'])(
    'accepts %s',
    (entry) => expect(isWhiteIpEntry(entry)).toBe(true),
  );
  it.each([
    '',
    'abc',
    '1.2.3',
    '256.1.1.1',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/-1',
    '1.2.3.4/8/9',
    '2001:db8::/129',
    '1.2.3.4/a',
  ])('refuses %j', (entry) => expect(isWhiteIpEntry(entry)).toBe(false));
});

describe('ipAllowed', () => {
  it('matches exact IPv4 addresses', () => {
    expect(ipAllowed('203.0.113.5', ['203.0.113.5'])).toBe(true);
    expect(ipAllowed('203.0.113.6', ['203.0.113.5'])).toBe(false);
  });
  it('matches IPv4 CIDR ranges at their edges', () => {
    expect(ipAllowed('10.1.2.0', ['10.1.2.0/24'])).toBe(true);
    expect(ipAllowed('10.1.2.255', ['10.1.2.0/24'])).toBe(true);
    expect(ipAllowed('10.1.3.0', ['10.1.2.0/24'])).toBe(false);
    expect(ipAllowed('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
  });
  it('treats IPv4-mapped IPv6 clients as IPv4', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(ipAllowed('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
  });
  it('matches IPv6 addresses and ranges', () => {
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('::1', ['::1'])).toBe(true);
  });
  it('refuses with an empty list, invalid entries or an invalid client address', () => {
    expect(ipAllowed('1.2.3.4', [])).toBe(false);
    expect(ipAllowed('1.2.3.4', ['garbage'])).toBe(false);
    expect(ipAllowed('unknown', ['0.0.0.0/0'])).toBe(false);
  });
});
