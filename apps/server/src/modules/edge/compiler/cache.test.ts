import { defaultServingSettings } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { cacheKey, cacheLocations, ruleLocation } from './cache';
import { testSite } from './compile.test-support';

const proxy = ['proxy_pass http://site_7_http;'];
const withPerformance = (over: Partial<ReturnType<typeof defaultServingSettings>['performance']>) => {
  const settings = defaultServingSettings();
  settings.performance = { ...settings.performance, ...over };
  return testSite({ settings });
};

describe('cache rules', () => {
  it('writes each rule kind as a regex location, literal paths escaped byte by byte', () => {
    const one = (kind: 'ext' | 'dir' | 'path' | 'regex', match: string) => ruleLocation([{ kind, match }]);
    expect(one('ext', 'jpg|PNG')).toBe('location ~ "(?i)\\\\.(jpg|PNG)$"');
    expect(one('dir', '/img/')).toBe('location ~ "^/img/"');
    expect(one('path', '/a.js')).toBe('location ~ "^/a\\\\.js$"');
    expect(one('path', '/a%20(b).js')).toBe('location ~ "^/a\\\\x20\\\\x28b\\\\x29\\\\.js$"');
    expect(one('regex', '^/v\\d+/(?<nimbus_lb>x)')).toBe('location ~ "^/v\\\\d+/(x)"');
    expect(() => ruleLocation([{ kind: 'all', match: '' }])).toThrow(/fallback/);
  });

  it('joins neighbouring rules of one outcome into one location, each pattern in its own group', () => {
    expect(
      ruleLocation([
        { kind: 'ext', match: 'css' },
        { kind: 'regex', match: '(?i)^/a|^/b' },
      ]),
    ).toBe('location ~ "(?:(?i)\\\\.(css)$)|(?:(?i)^/a|^/b)"');
  });

  it('refuses values that would end the location or the string', () => {
    const one = (kind: 'ext' | 'dir' | 'path' | 'regex', match: string) => ruleLocation([{ kind, match }]);
    expect(() => one('ext', 'jpg)$" { return 200; } location ~ "(')).toThrow(/unsafe/);
    expect(() => one('regex', 'a" { }')).toThrow(/unsafe/);
    expect(() => one('regex', 'a\nb')).toThrow(/unsafe/);
    expect(() => one('path', 'a.js')).toThrow(/unsafe/);
    // A quote in a path is a byte like any other: it cannot close the string.
    expect(one('path', '/a"b')).toBe('location ~ "^/a\\\\x22b$"');
  });

  it('keeps the customer’s order, no-cache rules first, and the whole-site rule as the fallback', () => {
    const site = withPerformance({
      cacheRules: [
        { kind: 'path', match: '/a.js', ttl: 0 },
        { kind: 'ext', match: 'js', ttl: 60 },
        { kind: 'all', match: '', ttl: 30 },
        { kind: 'dir', match: '/never/', ttl: 60 },
      ],
      noCacheRules: [
        { kind: 'dir', match: '/api/' },
        { kind: 'ext', match: 'php' },
      ],
      statusTtls: [{ status: 404, ttl: 10 }],
      originCacheControl: 'override',
    });
    expect(cacheLocations(site, proxy).join('\n')).toMatchInlineSnapshot(`
      "location ~ "(?:^/api/)|(?:(?i)\\\\.(php)$)" {
        proxy_pass http://site_7_http;
        proxy_no_cache 1;
        proxy_cache_bypass 1;
      }
      location ~ "^/a\\\\.js$" {
        proxy_pass http://site_7_http;
        proxy_no_cache 1;
        proxy_cache_bypass 1;
      }
      location ~ "(?i)\\\\.(js)$" {
        proxy_pass http://site_7_http;
        proxy_cache_valid 200 206 301 302 60s;
        proxy_ignore_headers Cache-Control Expires;
        proxy_cache_valid 404 10s;
      }
      # 1 cache rules after the whole-site rule never match: left out
      location / {
        proxy_pass http://site_7_http;
        proxy_cache_valid 200 206 301 302 30s;
        proxy_ignore_headers Cache-Control Expires;
        proxy_cache_valid 404 10s;
      }"
    `);
  });

  it('honours the origin by default: no lifetime of its own, origin headers not ignored', () => {
    const text = cacheLocations(
      withPerformance({ cacheRules: [{ kind: 'ext', match: 'css', ttl: 60 }] }),
      proxy,
    ).join('\n');
    expect(text).toContain('proxy_cache_valid 200 206 301 302 60s;');
    expect(text).not.toContain('proxy_ignore_headers');
    expect(text.split('location /')[1]).not.toContain('proxy_cache_valid');
  });

  it('caches nothing under a whole-site no-cache rule', () => {
    const site = withPerformance({
      noCacheRules: [{ kind: 'all', match: '' }],
      cacheRules: [{ kind: 'ext', match: 'css', ttl: 60 }],
    });
    expect(cacheLocations(site, proxy)).toEqual([
      'location / {',
      '  proxy_pass http://site_7_http;',
      '  proxy_no_cache 1;',
      '  proxy_cache_bypass 1;',
      '}',
    ]);
  });

  it('keeps partial answers out of the cache when Range goes to the origin', () => {
    const settings = defaultServingSettings();
    settings.backsource.rangeToOrigin = true;
    settings.performance.cacheRules = [{ kind: 'ext', match: 'mp4', ttl: 60 }];
    const text = cacheLocations(testSite({ settings }), proxy).join('\n');
    expect(text.match(/proxy_no_cache \$http_range;/g)).toHaveLength(2);
  });

  it('keys the query string as the site wants, refusing a parameter that is not a plain name', () => {
    const perf = defaultServingSettings().performance;
    expect(cacheKey(7, { ...perf, queryKey: 'ignore' })).toBe('7|$host$nimbus_path');
    expect(cacheKey(7, { ...perf, queryKey: 'include', queryParams: ['v'] })).toBe(
      '7|$host$nimbus_path?v=${arg_v}',
    );
    expect(() => cacheKey(7, { ...perf, queryKey: 'include', queryParams: ['v}";'] })).toThrow(/unsafe/);
  });
});
