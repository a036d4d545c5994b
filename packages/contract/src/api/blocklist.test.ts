import { describe, expect, it } from 'vitest';
import {
  blockRangeEdgeKey,
  blocklistBlockRequestSchema,
  blocklistConditionRequestSchema,
  canonicalBlockRange,
} from './blocklist';

describe('canonicalBlockRange', () => {
  it('keeps one spelling per range: network address, no /32, mapped IPv6 as IPv4', () => {
    expect(canonicalBlockRange(' 1.2.3.4 ')).toBe('1.2.3.4');
    expect(canonicalBlockRange('1.2.3.4/32')).toBe('1.2.3.4');
    expect(canonicalBlockRange('1.2.3.77/24')).toBe('1.2.3.0/24');
    expect(canonicalBlockRange('2001:DB8::1')).toBe('2001:db8::1');
    expect(canonicalBlockRange('2001:db8::ffff/33')).toBe('2001:db8::/33');
    expect(canonicalBlockRange('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalBlockRange('::ffff:10.0.0.0/120')).toBe('10.0.0.0/24');
  });

  it('refuses what is no plain address or block', () => {
    for (const text of [
      '',
      'x',
      '1.2.3',
      '0x7f.1',
      '2130706433',
      '1.2.3.4/33',
      '1.2.3.4/',
      '::1/129',
      '1.2.3.4 /8',
    ])
      expect(canonicalBlockRange(text), text).toBeUndefined();
  });
});

describe('blockRangeEdgeKey', () => {
  it('is family, prefix length and the prefix bytes, as the edge builds it', () => {
    expect(blockRangeEdgeKey('1.2.3.4')).toBe('34' + '20' + '01020304');
    expect(blockRangeEdgeKey('10.0.0.0/8')).toBe('34' + '08' + '0a');
    expect(blockRangeEdgeKey('10.128.0.0/9')).toBe('34' + '09' + '0a80');
    expect(blockRangeEdgeKey('2001:db8::/32')).toBe('36' + '20' + '20010db8');
    expect(blockRangeEdgeKey('::1')).toBe('36' + '80' + '00'.repeat(15) + '01');
  });

  it("puts a customer's or a site's tag in front of a scoped entry", () => {
    const hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16)).join('');
    expect(blockRangeEdgeKey('1.2.3.4', { owner: 7, site: null })).toBe(hex('o7:') + '342001020304');
    expect(blockRangeEdgeKey('1.2.3.4', { owner: 7, site: 12 })).toBe(hex('s12:') + '342001020304');
  });
});

describe('the block request', () => {
  const parse = (addresses: string) =>
    blocklistBlockRequestSchema.safeParse({ addresses, durationMinutes: 0, reason: 'scan' });
  const issue = (addresses: string) => parse(addresses).error?.issues[0];

  it('takes one range a line, canonical', () => {
    expect(parse('1.2.3.4\n\n10.0.0.9/8').data?.addresses).toEqual(['1.2.3.4', '10.0.0.0/8']);
  });

  it('names the line that is wrong, repeated or too wide', () => {
    expect(issue('1.2.3.4\nnope')).toMatchObject({ message: 'blocklist.address', params: { line: 2 } });
    expect(issue('1.2.3.4\n1.2.3.4/32')).toMatchObject({
      message: 'blocklist.duplicate',
      params: { line: 2 },
    });
    expect(issue('0.0.0.0/4')).toMatchObject({ message: 'blocklist.tooWide', params: { ipv4: 8 } });
    expect(issue('2001::/8')).toMatchObject({ message: 'blocklist.tooWide', params: { ipv6: 16 } });
    expect(issue('')).toMatchObject({ message: 'validation.required' });
  });

  it('refuses a conditional release without a condition', () => {
    expect(blocklistConditionRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'blocklist.noCondition',
    );
    expect(blocklistConditionRequestSchema.safeParse({ source: 'waf' }).success).toBe(true);
  });
});
