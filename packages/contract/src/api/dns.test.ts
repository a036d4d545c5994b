import { describe, expect, it } from 'vitest';
import { dnsRecordSaveRequestSchema, dnsValueIssue, dsDigestType, isDnsHost, offeredDs } from './dns';

describe('DNS record rules', () => {
  it('accepts host records as consoles write them', () => {
    for (const host of ['@', '*', 'www', 'a.b', '*.dev', '_sip._tcp', 'x-1'])
      expect(isDnsHost(host)).toBe(true);
    for (const host of ['', 'a b', 'a..b', '-a', 'a.*', 'www.', 'a'.repeat(64)])
      expect(isDnsHost(host)).toBe(false);
  });

  it('checks each type of value', () => {
    expect(dnsValueIssue('A', '192.0.2.1')).toBeUndefined();
    expect(dnsValueIssue('A', '::1')).toBe('dns.valueIPv4');
    expect(dnsValueIssue('AAAA', '192.0.2.1')).toBe('dns.valueIPv6');
    expect(dnsValueIssue('CNAME', 'target.example.com.')).toBeUndefined();
    expect(dnsValueIssue('MX', 'not a host')).toBe('dns.valueHostname');
    expect(dnsValueIssue('TXT', 'two\nlines')).toBe('dns.valueTxt');
    expect(dnsValueIssue('SRV', '5 5060 sip.example.com')).toBeUndefined();
    expect(dnsValueIssue('SRV', '5 70000 sip.example.com')).toBe('dns.valueSrv');
    expect(dnsValueIssue('CAA', '0 issue "letsencrypt.org"')).toBeUndefined();
    expect(dnsValueIssue('CAA', '0 policy "x"')).toBe('dns.valueCaa');
  });

  it('asks MX and SRV for a priority, and names the field of each problem', () => {
    const result = dnsRecordSaveRequestSchema.safeParse({
      zoneId: 1,
      hostRecord: '@',
      recordType: 'MX',
      recordValue: 'bad value',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'priority',
      'recordValue',
    ]);
  });
});

describe('DS records offered to registrars', () => {
  it('keeps SHA-256 and SHA-384 digests and drops SHA-1, in PowerDNS form or with owner and class', () => {
    const ds = [
      '19067 13 1 545af4df',
      '19067 13 2 b3f06bdf',
      '19067 13 4 12e27731',
      'x.test. IN DS 5 13 1 AB',
    ];
    expect(ds.map(dsDigestType)).toEqual([1, 2, 4, 1]);
    expect(offeredDs(ds)).toEqual(['19067 13 2 b3f06bdf', '19067 13 4 12e27731']);
    expect(offeredDs(['x.test. 3600 IN DS 5 13 2 AB', 'garbled'])).toEqual(['x.test. 3600 IN DS 5 13 2 AB']);
  });
});
