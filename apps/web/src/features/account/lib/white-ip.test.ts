import { describe, expect, it } from 'vitest';
import { parseWhiteIpText, whiteIpText, withIp } from './white-ip';

describe('parseWhiteIpText', () => {
  it('keeps one address or range per line, ignoring blank lines and spaces', () => {
    expect(parseWhiteIpText(' 203.0.113.8 \n\n198.51.100.0/24\r\n2001:db8::/32\n')).toEqual({
      ips: ['203.0.113.8', '198.51.100.0/24', '2001:db8::/32'],
      problem: null,
    });
  });

  it.each(['203.0.113', '203.0.113.8/33', 'example.com', '203.0.113.1-203.0.113.9'])('rejects %s', (line) => {
    expect(parseWhiteIpText(`10.0.0.1\n${line}`).problem).toEqual({
      key: 'account.whiteIpInvalid',
      value: line,
    });
  });

  it('rejects duplicates, also differently written IPv6 addresses', () => {
    expect(parseWhiteIpText('10.0.0.1\n10.0.0.1').problem).toEqual({
      key: 'validation.ipList',
      value: '10.0.0.1',
    });
    expect(parseWhiteIpText('2001:db8::1\n2001:0db8:0:0:0:0:0:0001').problem).toEqual({
      key: 'validation.ipList',
      value: '2001:0db8:0:0:0:0:0:0001',
    });
  });

  it('allows at most 50 entries', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `10.0.0.${i + 1}`).join('\n');
    expect(parseWhiteIpText(lines(50)).problem).toBeNull();
    expect(parseWhiteIpText(lines(51)).problem).toEqual({ key: 'account.whiteIpTooMany' });
  });
});

describe('withIp', () => {
  it('appends the address on its own line once', () => {
    const text = withIp('10.0.0.1', '203.0.113.8');
    expect(text).toBe(whiteIpText(['10.0.0.1', '203.0.113.8']));
    expect(withIp(text, '203.0.113.8')).toBe(text);
  });
});
