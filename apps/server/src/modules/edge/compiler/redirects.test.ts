import type { RewriteRuleSettings } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { testSite } from './compile.test-support';
import { acmeGuard, forceHostRedirect, httpsUpgradeStatus, rewriteRules } from './redirects';

const rule = (over: Partial<RewriteRuleSettings>): RewriteRuleSettings => ({
  match: 'exact',
  source: '/old',
  target: '/new',
  status: 301,
  keepQuery: true,
  enabled: true,
  remark: '',
  ...over,
});

describe('URL forwarding', () => {
  it('writes exact, prefix and regex rules in order with return and their status', () => {
    const site = testSite({
      rewrites: [
        rule({ status: 308 }),
        rule({ match: 'prefix', source: '/docs/', target: 'https://d.test/v2/?lang=en', keepQuery: true }),
        rule({ match: 'regex', source: '^/p/(\\d+)$', target: '/post?id=$1', status: 307, keepQuery: false }),
      ],
    });
    expect(rewriteRules(site)).toEqual([
      'if ($nimbus_path = "/old") {',
      '  return 308 "/new$is_args$args";',
      '}',
      'if ($nimbus_path ~ "^/docs/(.*)$") {',
      '  return 301 "https://d.test/v2/$1?lang=en$nimbus_and_args";',
      '}',
      'if ($nimbus_path ~ "^/p/(\\\\d+)$") {',
      '  return 307 "/post?id=$1";',
      '}',
    ]);
  });

  it('keeps hostile sources and targets text: a $ is literal outside regex captures, no quote escapes', () => {
    const lines = rewriteRules(
      testSite({
        rewrites: [
          rule({ source: '/a"b', target: 'https://x.test/$host"' }),
          rule({ match: 'prefix', source: '/(a)+.', target: '/b' }),
          rule({ match: 'regex', source: '^/(?<host>x)$', target: '/$1/$host' }),
        ],
      }),
    );
    expect(lines[0]).toBe('if ($nimbus_path = "/a\\"b") {');
    expect(lines[1]).toBe('  return 301 "https://x.test/${nimbus_dollar}host\\"$is_args$args";');
    expect(lines[3]).toBe('if ($nimbus_path ~ "^/\\\\x28a\\\\x29\\\\x2b\\\\.(.*)$") {');
    // A named group cannot set $host: it becomes a plain group.
    expect(lines[6]).toBe('if ($nimbus_path ~ "^/(x)$") {');
    expect(lines[7]).toBe('  return 301 "/$1/${nimbus_dollar}host$is_args$args";');
    expect(() => rewriteRules(testSite({ rewrites: [rule({ status: 200 as 301 })] }))).toThrow(
      /unsafe redirect status/,
    );
    expect(() => rewriteRules(testSite({ rewrites: [rule({ target: '/a\nreturn 200' })] }))).toThrow(
      /unsafe/,
    );
  });
});

describe('forced redirects', () => {
  it('sends another host to the target host, keeping scheme, port and URI', () => {
    const site = testSite({ forceRedirect: { kind: 'host', targetHost: 'www.a.test', status: 302 } });
    expect(forceHostRedirect(site)).toEqual([
      'if ($host != "www.a.test") {',
      '  return 302 $scheme://www.a.test$nimbus_port$request_uri;',
      '}',
    ]);
    const hostile = testSite({
      forceRedirect: { kind: 'host', targetHost: 'a.test"; return 200 "x', status: 302 },
    });
    expect(() => forceHostRedirect(hostile)).toThrow(/unsafe redirect host/);
  });

  it('upgrades to HTTPS with the forced status, or 301 for the site’s own switch', () => {
    expect(
      httpsUpgradeStatus(testSite({ forceRedirect: { kind: 'https', targetHost: '', status: 308 } })),
    ).toBe(308);
    expect(httpsUpgradeStatus(testSite({ forceHttps: true }))).toBe(301);
    expect(httpsUpgradeStatus(testSite())).toBeUndefined();
  });

  it('lets ACME challenges through server-level redirects and checks only when both exist, by exact token', () => {
    const acme = [
      { token: 't', keyAuthorization: 't.k' },
      { token: 'a-B_2', keyAuthorization: 'a-B_2.k' },
    ];
    expect(acmeGuard(testSite({ acmeChallenges: acme }))).toEqual([]);
    expect(acmeGuard(testSite({ acmeChallenges: acme }), true)).toHaveLength(3);
    expect(acmeGuard(testSite({ acmeChallenges: acme, rewrites: [rule({})] }))).toEqual([
      'if ($uri ~ "^/\\\\.well-known/acme-challenge/(a-B_2|t)$") {',
      '  break;',
      '}',
    ]);
  });
});
