import { describe, expect, it } from 'vitest';
import { isDomain, isHostname, isWildcardDomain } from './domain';

const label63 = 'a'.repeat(63);
// 63+1+63+1+63+1+59+1+3 = 255 characters, every label within 63.
const len255 = `${label63}.${label63}.${label63}.${'b'.repeat(59)}.com`;
const len256 = `${label63}.${label63}.${label63}.${'b'.repeat(60)}.com`;

describe('isDomain', () => {
  it.each([
    'example.com',
    'www.example.com',
    'a.cn',
    'EXAMPLE.COM',
    'sub-domain.example.co.uk',
    '*.example.com',
    '*.a.cn',
    'xn--fiqs8s.xn--fiqz9s', // 中国.中国 in punycode
    'xn--6qq79v.cn',
    '123.example.com',
    len255,
  ])('accepts %s', (value) => {
    expect(isDomain(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['two characters', 'ab'],
    ['three characters without a real top-level label', 'a.b'],
    ['single label', 'localhost'],
    ['256 characters', len256],
    ['wildcard in the middle', 'www.*.example.com'],
    ['wildcard at the end', 'example.*'],
    ['wildcard without dot', '*example.com'],
    ['double wildcard', '*.*.example.com'],
    ['wildcard over a top-level domain', '*.com'],
    ['label starting with a hyphen', '-abc.com'],
    ['label ending with a hyphen', 'abc-.com'],
    ['label of 64 characters', `${'a'.repeat(64)}.com`],
    ['empty label', 'a..com'],
    ['trailing dot', 'example.com.'],
    ['leading dot', '.example.com'],
    ['numeric top-level label', '1.2.3.4'],
    ['underscore', 'my_site.com'],
    ['space', 'exa mple.com'],
    ['scheme', 'http://example.com'],
    ['port', 'example.com:80'],
    ['unicode, not punycode', '中国.cn'],
    ['not a string', 42],
  ])('rejects %s', (_label, value) => {
    expect(isDomain(value)).toBe(false);
  });

  it('counts the wildcard towards the 255 limit', () => {
    expect(len255.length).toBe(255);
    expect(isDomain(`*.${len255.slice(2)}`)).toBe(true);
    expect(isDomain(`*.${len255}`)).toBe(false);
  });
});

describe('isHostname / isWildcardDomain', () => {
  it('refuses the wildcard that isDomain allows', () => {
    expect(isHostname('*.example.com')).toBe(false);
    expect(isHostname('example.com')).toBe(true);
    expect(isWildcardDomain('*.example.com')).toBe(true);
    expect(isWildcardDomain('example.com')).toBe(false);
  });
});
