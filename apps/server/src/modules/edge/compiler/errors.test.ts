import { defaultServingSettings } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { bodyLimit, minTls } from './advanced';
import { testSite } from './compile.test-support';
import { compressionDirectives } from './compression';
import { errorDirectives, errorLocations, errorPageFiles } from './errors';

const proxy = ['proxy_pass http://site_7_http;'];

describe('error pages and status rewriting', () => {
  it('serves pages from bundle files, redirects others, and rewrites a status through a re-ask', () => {
    const s = defaultServingSettings();
    s.code.errorPages = [
      { status: 404, kind: 'page', html: '<h1>"$uri"</h1>', url: '' },
      { status: 502, kind: 'redirect', html: '', url: 'https://status.a.test/?s=$status' },
      { status: 403, kind: 'page', html: 'x', url: '' },
    ];
    s.code.statusRewrites = [{ from: 403, to: 200 }];
    const site = testSite({ settings: s });
    expect(errorDirectives(site)).toEqual([
      'proxy_intercept_errors on;',
      'error_page 404 /__nimbus_error/404.html;',
      'error_page 502 "https://status.a.test/?s=${nimbus_dollar}status";',
      'error_page 403 =200 @nimbus_status;',
    ]);
    expect(errorLocations(site, proxy)).toEqual([
      'location = /__nimbus_error/404.html {',
      '  internal;',
      '  alias __BUNDLE_DIR__/errors/7/404.html;',
      '  default_type text/html;',
      '}',
      'location @nimbus_status {',
      '  proxy_pass http://site_7_http;',
      '  proxy_cache off;',
      '  proxy_intercept_errors off;',
      '}',
    ]);
    // The page is a file, never config text: its content cannot change the config.
    // (403's page is not shipped: its rewrite wins.)
    expect(errorPageFiles(site)).toEqual([{ path: 'errors/7/404.html', content: '<h1>"$uri"</h1>' }]);
  });

  it('intercepts nothing without rules, and refuses a redirect URL that is not one', () => {
    expect(errorDirectives(testSite())).toEqual([]);
    const s = defaultServingSettings();
    s.code.errorPages = [{ status: 404, kind: 'redirect', html: '', url: 'https://a.test/"; return 200 "' }];
    expect(() => errorDirectives(testSite({ settings: s }))).toThrow(/unsafe error page URL/);
  });
});

describe('compression, body limit, minimum TLS', () => {
  it('compresses the listed types with gzip and brotli, refusing a type that is not one', () => {
    const s = defaultServingSettings();
    s.performance.brotli = true;
    s.performance.compressTypes = ['text/html', 'text/css'];
    expect(compressionDirectives(testSite({ settings: s }))).toEqual([
      'gzip on;',
      'gzip_types text/css;',
      'gzip_proxied any;',
      'gzip_vary on;',
      'brotli on;',
      'brotli_types text/css;',
    ]);
    s.performance.gzip = false;
    s.performance.brotli = false;
    expect(compressionDirectives(testSite({ settings: s }))).toEqual([]);
    s.performance.gzip = true;
    s.performance.compressTypes = ['text/css; gzip off'];
    expect(() => compressionDirectives(testSite({ settings: s }))).toThrow(/unsafe MIME type/);
  });

  it('limits the body (0: none) and answers 426 below TLS 1.3 when asked', () => {
    const s = defaultServingSettings();
    s.advanced.bodyLimitMb = 0;
    expect(bodyLimit(testSite({ settings: s }))).toEqual(['client_max_body_size 0m;']);
    expect(minTls(testSite({ settings: s }))).toEqual([]);
    s.advanced.minTls = 'TLSv1.3';
    expect(minTls(testSite({ settings: s }))).toEqual([
      'if ($ssl_protocol != "TLSv1.3") {',
      '  return 426;',
      '}',
    ]);
  });
});
