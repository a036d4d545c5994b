import {
  contentSecureSettingsSchema,
  defaultServingSettings,
  type ContentSecureSettings,
} from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { cacheServerDirectives } from './cache';
import { testSite } from './compile.test-support';
import { siteConfig } from './site';
import { unsignedCacheKey, urlAuthDirectives, urlAuthValue } from './url-auth';

const signed = (value: Partial<ContentSecureSettings>, performance = {}) => {
  const settings = defaultServingSettings();
  settings.contentSecure = contentSecureSettingsSchema.parse({
    enabled: true,
    primaryKey: 'abcdef123',
    ...value,
  });
  settings.performance = { ...settings.performance, ...performance };
  return testSite({ settings });
};
const unhex = (text: string) => Buffer.from(text, 'hex').toString('utf8');
const valueOf = (lines: string[]) => /^set \$nimbus_auth "([0-9a-f]+)";$/.exec(lines[0]!)![1]!;

describe('URL signing in the site config', () => {
  it('writes nothing for a site without it: no variable, the plain cache key', () => {
    const site = testSite();
    expect(urlAuthDirectives(site)).toEqual([]);
    expect(
      siteConfig(site, { listenAddress: '', certificates: new Set(), tlsPorts: new Set() }),
    ).not.toContain('nimbus_auth');
    expect(cacheServerDirectives(site)[1]).toBe('proxy_cache_key "7|$host$request_uri";');
  });

  it('hands the settings to nimbus.auth hex-encoded, with the token-free key variables', () => {
    const lines = urlAuthDirectives(signed({ type: 'A', backupKey: 'zyxwvu987', ttl: 60 }));
    expect(lines.slice(1)).toEqual([
      'set $nimbus_auth_uri $request_uri;',
      'set $nimbus_auth_path $nimbus_path;',
      'set $nimbus_auth_pass "";',
    ]);
    expect(unhex(valueOf(lines))).toBe('1|A|60|q|auth_key||abcdef123|zyxwvu987');
    expect(unhex(valueOf(urlAuthDirectives(signed({ tokenIn: 'header', headerName: 'X-Auth' }))))).toBe(
      '1|A|1800|h|x-auth||abcdef123|',
    );
    expect(unhex(valueOf(urlAuthDirectives(signed({ type: 'B' }))))).toBe('1|B|1800|-|||abcdef123|');
    expect(unhex(valueOf(urlAuthDirectives(signed({ type: 'C' }))))).toBe('1|C|1800|p|||abcdef123|');
    expect(
      unhex(
        valueOf(urlAuthDirectives(signed({ type: 'C', cForm: 'query', hashParam: 'h', timeParam: 't' }))),
      ),
    ).toBe('1|C|1800|q|h|t|abcdef123|');
  });

  it('keys the cache without the token in every query mode', () => {
    const key = (performance: object) => cacheServerDirectives(signed({}, performance))[1];
    expect(key({})).toBe('proxy_cache_key "7|$host$nimbus_auth_uri";');
    expect(key({ queryKey: 'ignore' })).toBe('proxy_cache_key "7|$host$nimbus_auth_path";');
    expect(key({ queryKey: 'include', queryParams: ['v'] })).toBe(
      'proxy_cache_key "7|$host$nimbus_auth_path?v=${arg_v}";',
    );
    expect(unsignedCacheKey(testSite(), '7|$host$request_uri')).toBe('7|$host$request_uri');
  });

  it('puts the variables first in every proxied server', () => {
    const text = siteConfig(signed({ type: 'B' }), {
      listenAddress: '',
      certificates: new Set(),
      tlsPorts: new Set(),
    });
    expect(text).toMatch(/set \$nimbus_site 7;\n {2}set \$nimbus_auth "[0-9a-f]+";/);
  });

  it('refuses hostile values that got past the contract, whatever they hold', () => {
    const hostile = (value: Partial<ContentSecureSettings>) => () =>
      urlAuthValue({
        ...contentSecureSettingsSchema.parse({ enabled: true, primaryKey: 'abcdef123' }),
        ...value,
      });
    expect(hostile({ primaryKey: 'abc"; return 200; #' })).toThrow(/unsafe URL signing key/);
    expect(hostile({ backupKey: 'a|b|c|d|e|f' })).toThrow(/unsafe URL signing key/);
    expect(hostile({ paramName: 'a=b&c' })).toThrow(/unsafe URL signing parameter/);
    expect(hostile({ tokenIn: 'header', headerName: 'Host' })).toThrow(/unsafe URL signing header/);
    expect(hostile({ tokenIn: 'header', headerName: 'x\nset $x 1' })).toThrow(/unsafe URL signing header/);
    expect(hostile({ type: 'C', cForm: 'query', hashParam: 'k|1' })).toThrow(/unsafe URL signing parameter/);
    expect(hostile({ ttl: 0 })).toThrow();
    expect(hostile({ type: 'D' as never })).toThrow(/unknown URL signing type/);
  });
});
