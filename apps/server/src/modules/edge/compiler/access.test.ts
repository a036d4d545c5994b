import {
  applicationSecureSettingsSchema,
  defaultServingSettings,
  type ApplicationSecureSettings,
} from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  accessChecks,
  alternationTokens,
  ipAccess,
  literalPattern,
  refererDirectives,
  REGEX_TOKEN_MAX,
} from './access';
import { testSite } from './compile.test-support';
import { siteConfig } from './site';

const site = (over: Partial<ApplicationSecureSettings>) => {
  const settings = defaultServingSettings();
  settings.applicationSecure = { ...settings.applicationSecure, ...over };
  return testSite({ settings });
};
const context = { listenAddress: '', certificates: new Set<number>(), tlsPorts: new Set<number>() };

/** What nginx's parser makes of a double-quoted token: `\\` → `\`, `\"` → `"`. */
const nginxString = (token: string) => {
  expect(token.startsWith('"') && token.endsWith('"')).toBe(true);
  const body = token.slice(1, -1);
  // An unescaped quote would end the token early.
  expect(body.replace(/\\\\/g, '').includes('"')).toBe(false);
  return body.replace(/\\(["\\])/g, '$1');
};

describe('IP lists', () => {
  it('writes nothing when both lists are empty', () => {
    expect(ipAccess(site({}))).toEqual([]);
    expect(siteConfig(site({}), context)).not.toMatch(/\b(allow|deny) /);
  });

  it('denies first, then allows, then denies everyone else when anything is allowed', () => {
    expect(ipAccess(site({ ipDeny: ['10.0.0.9', '2001:DB8::1'], ipAllow: ['10.0.0.0/8', '::1'] }))).toEqual([
      'deny 10.0.0.9;',
      'deny 2001:db8::1;',
      'allow 10.0.0.0/8;',
      'allow ::1;',
      'deny all;',
    ]);
    expect(ipAccess(site({ ipDeny: ['192.0.2.1'] }))).toEqual(['deny 192.0.2.1;']);
  });

  it('refuses anything that is not an address, whatever got past the contract', () => {
    for (const bad of ['1.2.3.4; allow all', 'all', '10.0.0.1\n', '$remote_addr'])
      expect(() => ipAccess(site({ ipDeny: [bad] }))).toThrow(/unsafe IP list entry/);
  });

  it('keeps ACME answers reachable for the CA when addresses are restricted', () => {
    const s = site({ ipAllow: ['10.0.0.1'] });
    const config = siteConfig(
      { ...s, acmeChallenges: [{ token: 'tok', keyAuthorization: 'tok.x' }] },
      context,
    );
    expect(config).toMatch(/location = \/\.well-known\/acme-challenge\/tok \{\n\s+allow all;/);
  });
});

describe('Referer', () => {
  it('allow: the list (and none when an empty Referer passes), 403 for the rest', () => {
    const s = site({ refererMode: 'allow', referers: ['a.example.com', '*.b.example.com'] });
    expect(refererDirectives(s)).toEqual(['valid_referers none a.example.com *.b.example.com;']);
    expect(accessChecks(s)).toEqual(['if ($invalid_referer) {', '  return 403;', '}']);
    const strict = site({ refererMode: 'allow', referers: ['a.example.com'], refererAllowEmpty: false });
    expect(refererDirectives(strict)).toEqual(['valid_referers a.example.com;']);
  });

  it('deny: a listed Referer gets 403, and an empty one too unless allowed', () => {
    const s = site({ refererMode: 'deny', referers: ['leech.example'], refererAllowEmpty: true });
    expect(refererDirectives(s)).toEqual(['valid_referers leech.example;']);
    expect(accessChecks(s)).toEqual(['if ($invalid_referer = "") {', '  return 403;', '}']);
    expect(
      accessChecks({
        ...s,
        settings: {
          ...s.settings,
          applicationSecure: { ...s.settings.applicationSecure, refererAllowEmpty: false },
        },
      }),
    ).toEqual([
      'if ($invalid_referer = "") {',
      '  return 403;',
      '}',
      'if ($http_referer = "") {',
      '  return 403;',
      '}',
    ]);
  });

  it('off writes nothing; a hostile host is refused', () => {
    expect(refererDirectives(site({ referers: ['a.example.com'] }))).toEqual([]);
    expect(() => refererDirectives(site({ refererMode: 'deny', referers: ['a.com; return 200'] }))).toThrow(
      /unsafe referer host/,
    );
    expect(() => refererDirectives(site({ refererMode: 'deny', referers: ['~.*'] }))).toThrow();
  });
});

describe('User-Agent', () => {
  const hostile = [
    'a"b\\"; } return 200; #',
    '$host ${x} (?i) [x] {1,2} |.*+^',
    "it's `ok` <x> &y \\n \\t",
    'curl/7.88',
  ];

  it('writes each entry as a literal: no quote, no control character, nothing PCRE reads as an operator', () => {
    for (const value of hostile) {
      const token = alternationTokens([literalPattern(value)])[0]!;
      const pattern = nginxString(token);
      // JavaScript reads these escapes as PCRE does (\xHH, \ before punctuation).
      const regex = new RegExp(pattern, 'i');
      expect(regex.test(`Mozilla ${value.toUpperCase()} x`), value).toBe(true);
      expect(regex.test(value.slice(1)), value).toBe(false);
      // Every backslash is doubled, so nginx turns none of them into a quote, tab or newline.
      expect(token.slice(1, -1).replace(/\\\\/g, '')).not.toContain('\\');
      // eslint-disable-next-line no-control-regex
      expect(token).not.toMatch(/[\u0000-\u001f\u007f#`]/);
    }
  });

  it('deny: one if matching any entry, case-insensitively, answering 403', () => {
    const s = site({ uaMode: 'deny', userAgents: ['sqlmap', 'curl/'] });
    expect(accessChecks(s)).toEqual(['if ($http_user_agent ~* "sqlmap|curl/") {', '  return 403;', '}']);
  });

  it('allow: one negated if', () => {
    const s = site({ uaMode: 'allow', userAgents: ['Mozilla/'] });
    expect(accessChecks(s)).toEqual(['if ($http_user_agent !~* "Mozilla/") {', '  return 403;', '}']);
  });

  it('splits a list too long for one nginx token; allow then passes on any group', () => {
    const long = Array.from({ length: 50 }, (_, i) => `${String(i).padStart(3, '0')}${'.'.repeat(197)}`);
    const tokens = alternationTokens(long.map(literalPattern));
    expect(tokens.length).toBeGreaterThan(1);
    for (const t of tokens) expect(t.length).toBeLessThanOrEqual(REGEX_TOKEN_MAX + 2);
    // Every entry lands in exactly one group.
    expect(tokens.join('|').split('|').length).toBe(50);
    const deny = accessChecks(site({ uaMode: 'deny', userAgents: long }));
    expect(deny.filter((l) => l.startsWith('if ')).length).toBe(tokens.length);
    const allow = accessChecks(site({ uaMode: 'allow', userAgents: long }));
    expect(allow[0]).toBe('set $nimbus_ua_pass "";');
    expect(allow.filter((l) => l.includes('set $nimbus_ua_pass 1;')).length).toBe(tokens.length);
    expect(allow.slice(-3)).toEqual(['if ($nimbus_ua_pass = "") {', '  return 403;', '}']);
  });

  it('refuses an entry the contract would refuse', () => {
    expect(() => literalPattern('a\nb')).toThrow(/unsafe User-Agent entry/);
    expect(() => literalPattern('')).toThrow();
    expect(() => literalPattern('x'.repeat(201))).toThrow();
  });

  it('puts the checks before redirects, and repeats them where a rewritten status re-asks the origin', () => {
    const settings = defaultServingSettings();
    settings.applicationSecure = applicationSecureSettingsSchema.parse({ uaMode: 'deny', userAgents: 'bot' });
    settings.code.statusRewrites = [{ from: 403, to: 200 }];
    const config = siteConfig(
      testSite({ settings, forceRedirect: { kind: 'host', targetHost: 'www.b.test', status: 302 } }),
      context,
    );
    const check = config.indexOf('if ($http_user_agent ~* "bot")');
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(config.indexOf('if ($host != "www.b.test")'));
    const named = config.slice(config.indexOf('location @nimbus_status'));
    expect(named).toContain('if ($http_user_agent ~* "bot")');
  });
});
