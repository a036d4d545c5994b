import { describe, expect, it } from 'vitest';
import { addressRefusal, isAddressRange, refusedAddressKind } from './address-policy';

describe('edge target address policy', () => {
  it('names the range of every spelling of a refused address and passes public unicast', () => {
    const table: [string, string | null][] = [
      ['127.0.0.1', 'loopback'],
      ['2130706433', 'loopback'],
      ['0x7f.1', 'loopback'],
      ['017700000001', 'loopback'],
      ['127.1', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
      ['[::1]', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['169.254.169.254', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd00::1', 'private'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'multicast'],
      ['2001:db8::1', 'reserved'],
      ['64:ff9b::7f00:1', 'reserved'],
      ['2002:7f00:1::', 'reserved'],
      ['not-an-ip', 'reserved'],
      ['8.8.8.8', null],
      ['2001:4860:4860::8888', null],
    ];
    expect(table.map(([address]) => [address, refusedAddressKind(address)])).toEqual(table);
  });

  it('lets an allow-list range through, whatever the spelling, and nothing else', () => {
    const allow = ['127.0.0.0/8', 'fd00::/8', '10.1.2.3'];
    expect(addressRefusal('127.0.0.1', allow)).toBeNull();
    expect(addressRefusal('2130706433', allow)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.2', allow)).toBeNull();
    expect(addressRefusal('fd00::5', allow)).toBeNull();
    expect(addressRefusal('10.1.2.3', allow)).toBeNull();
    expect(addressRefusal('10.1.2.4', allow)).toBe('private');
    expect(addressRefusal('169.254.169.254', allow)).toBe('linkLocal');
    expect(addressRefusal('::1', allow)).toBe('loopback');
    expect(addressRefusal('::ffff:127.0.0.1', ['::ffff:127.0.0.0/104'])).toBeNull();
  });

  it('accepts CIDR blocks and single addresses in the plain spelling as ranges', () => {
    expect(['127.0.0.0/8', '::1', 'fd00::/8', '192.168.0.1'].every(isAddressRange)).toBe(true);
    expect(['127.1', '0x7f.0.0.1/8', '10.0.0.0/33', 'example.com', ''].some(isAddressRange)).toBe(false);
  });
});
