import { describe, expect, it } from 'vitest';
import {
  acmeKeyAuthorization,
  acmeToken,
  hostPort,
  integer,
  listenAddress,
  originAddress,
  quoted,
  quotedRegex,
  pathPattern,
  serverName,
} from './nginx-text';

/** Whatever breaks out of a directive: quote, `;`, braces, newline, variable, space. */
const breakouts = [
  'a.test"',
  'a.test;',
  'a.test{',
  'a.test}',
  'a.test\nreturn 200',
  '$host.a.test',
  'a .test',
];

describe('values written into nginx files', () => {
  it('keeps valid names, wildcards and addresses as they are (domains lower-cased)', () => {
    expect(serverName('*.Img.A.test')).toBe('*.img.a.test');
    expect(originAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(originAddress('origin.a.test')).toBe('origin.a.test');
    expect(listenAddress('')).toBe('');
    expect(listenAddress('10.0.0.1')).toBe('10.0.0.1');
  });

  it('refuses every breakout in domains and origin addresses', () => {
    for (const value of breakouts) {
      expect(() => serverName(value)).toThrow(/unsafe domain/);
      expect(() => originAddress(value)).toThrow(/unsafe origin address/);
    }
    // A wildcard is a server_name feature, never an origin; a listen address is an IP.
    expect(() => originAddress('*.a.test')).toThrow(/unsafe/);
    expect(() => listenAddress('node.a.test')).toThrow(/unsafe listen address/);
    expect(() => serverName('~^(.*)$')).toThrow(/unsafe/);
  });

  it('accepts ACME tokens and key authorizations only in base64url', () => {
    expect(acmeToken('tok_1-A')).toBe('tok_1-A');
    expect(acmeKeyAuthorization('tok_1-A.thumb_print')).toBe('tok_1-A.thumb_print');
    for (const value of [...breakouts, '', 'a/b', '../x', 'tok.en'])
      expect(() => acmeToken(value)).toThrow(/unsafe/);
    for (const value of ['a"; }', 'no-dot', 'a.b.c', 'a.b\n', 'a.$b', 'a.b"']) {
      expect(() => acmeKeyAuthorization(value)).toThrow(/unsafe ACME key authorization/);
    }
  });

  it('takes integers only, in range', () => {
    expect(integer('weight', 3)).toBe(3);
    for (const value of [0, -1, 1.5, Number.NaN, Infinity])
      expect(() => integer('id', value)).toThrow(/unsafe id/);
    expect(() => hostPort('', 65536)).toThrow(/unsafe port/);
    expect(() => hostPort('', 0)).toThrow(/unsafe port/);
  });

  it('writes host:port with IPv6 in brackets and a bare port for every address', () => {
    expect(hostPort('', 80)).toBe('80');
    expect(hostPort('1.2.3.4', 80)).toBe('1.2.3.4:80');
    expect(hostPort('::1', 80)).toBe('[::1]:80');
  });
});

describe('customer text in nginx strings', () => {
  it('quotes text so it means itself: quotes, backslashes and $ cannot escape or expand', () => {
    expect(quoted('header', 'a "b" c\\d $host ${x} ; } {')).toBe(
      '"a \\"b\\" c\\\\d ${nimbus_dollar}host ${nimbus_dollar}{x} ; } {"',
    );
    expect(quoted('header', 'max-age=60')).toBe('"max-age=60"');
  });

  it('refuses control characters rather than writing a second directive', () => {
    for (const bad of ['a\nadd_header X 1', 'a\r', 'a\u0000', 'a\u007f'])
      expect(() => quoted('header', bad)).toThrow(/unsafe header/);
  });

  it('writes regexes with every backslash doubled and named groups made plain', () => {
    expect(quotedRegex('regex', '^/a\\.(jpg|png)$')).toBe('"^/a\\\\.(jpg|png)$"');
    expect(quotedRegex('regex', '^/(?<nimbus_lb>x)/(?<y>z)')).toBe('"^/(x)/(z)"');
    for (const bad of ['a"b', 'a b', 'a\nb', '(?P<x>y)'])
      expect(() => quotedRegex('regex', bad)).toThrow(/unsafe regex/);
  });

  it('writes a literal path as a pattern of itself: no operator, quote or space left', () => {
    expect(pathPattern('/a.b/(c)+[d]$"x y', false)).toBe(
      '/a\\.b/\\x28c\\x29\\x2b\\x5bd\\x5d\\x24\\x22x\\x20y',
    );
    // Matched against the decoded $uri: %20 is the space byte, and UTF-8 goes byte by byte.
    expect(pathPattern('/a%20b/é', true)).toBe('/a\\x20b/\\xc3\\xa9');
    expect(pathPattern('/a%20b', false)).toBe('/a%20b');
  });
});
