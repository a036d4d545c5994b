import { describe, expect, it } from 'vitest';
import { isSafeEdgeRegex } from './edge-regex';

describe('isSafeEdgeRegex', () => {
  it.each([
    '^/img/.*\\.(jpg|png)$',
    '(?i)^/static/',
    '^/a/(?<id>[0-9]+)$',
    '[a-z]{2,3}',
    '\\x41',
    '^/(?!api)',
  ])('accepts %s, which JavaScript and PCRE read alike', (pattern) =>
    expect(isSafeEdgeRegex(pattern)).toBe(true),
  );
  it.each([
    ['lookbehind', '(?<=a)b'],
    ['a backreference', '(a)\\1'],
    ['\\u, which PCRE2 refuses', '\\u0041'],
    ['a unicode property', '\\p{L}'],
    ['an inline flag inside', 'a(?i)b'],
    ['an empty class', 'a[]b'],
    ['a quote that would end the nginx string', 'a"b'],
    ['whitespace', 'a b'],
    ['a newline', 'a\nb'],
    ['a syntax error', '(a'],
    ['nothing', ''],
  ])('refuses %s', (_what, pattern) => expect(isSafeEdgeRegex(pattern)).toBe(false));
});
