import { defaultServingSettings } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { backsourceDirectives, originHost } from './backsource';
import { testSite } from './compile.test-support';
import { requestHeaders, responseHeaders } from './headers';
import { stickyDirectives } from './sticky';

const settings = () => defaultServingSettings();

describe('request headers to the origin', () => {
  it('sets, adds and deletes the customer’s headers; a set replaces the edge’s own of that name', () => {
    const s = settings();
    s.advanced.websocket = false;
    s.backsource.requestHeaders = [
      { action: 'set', name: 'X-Forwarded-For', content: 'fixed', remark: '' },
      { action: 'add', name: 'X-Tag', content: 'b', remark: '' },
      { action: 'delete', name: 'Cookie', content: '', remark: '' },
    ];
    expect(requestHeaders(testSite({ settings: s }), '$host')).toEqual([
      'proxy_set_header Host $host;',
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'proxy_set_header X-Real-IP $remote_addr;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Forwarded-For "fixed";',
      'proxy_set_header X-Tag $http_x_tag;',
      'proxy_set_header X-Tag "b";',
      'proxy_set_header Cookie "";',
      'proxy_set_header X-Nimbus-Control "";',
      'proxy_set_header X-Nimbus-Purge-Key "";',
    ]);
  });

  it('writes hostile values as text: no variable, no second directive', () => {
    const s = settings();
    s.backsource.requestHeaders = [
      { action: 'set', name: 'X-A', content: '"; proxy_pass http://evil; #', remark: '' },
      { action: 'set', name: 'X-B', content: '$http_authorization ${x} \\"', remark: '' },
    ];
    const lines = requestHeaders(testSite({ settings: s }), '$host');
    expect(lines).toContain('proxy_set_header X-A "\\"; proxy_pass http://evil; #";');
    expect(lines).toContain(
      'proxy_set_header X-B "${nimbus_dollar}http_authorization ${nimbus_dollar}{x} \\\\\\"";',
    );
    s.backsource.requestHeaders = [{ action: 'set', name: 'X-C', content: 'a\nproxy_pass x;', remark: '' }];
    expect(() => requestHeaders(testSite({ settings: s }), '$host')).toThrow(/unsafe header value/);
    s.backsource.requestHeaders = [{ action: 'set', name: 'X C;', content: 'a', remark: '' }];
    expect(() => requestHeaders(testSite({ settings: s }), '$host')).toThrow(/unsafe header name/);
  });

  it('leaves out a header the edge owns, and always clears the node’s control headers', () => {
    const s = settings();
    s.backsource.requestHeaders = [{ action: 'delete', name: 'X-Nimbus-Control', content: '', remark: '' }];
    const lines = requestHeaders(testSite({ settings: s }), '$host');
    expect(lines).toContain('# header X-Nimbus-Control left out: the edge sets it');
    expect(lines.filter((l) => l.startsWith('proxy_set_header X-Nimbus-Control'))).toEqual([
      'proxy_set_header X-Nimbus-Control "";',
    ]);
  });

  it('upgrades WebSocket connections through the shared map, and passes Range when asked', () => {
    const s = settings();
    s.backsource.rangeToOrigin = true;
    const lines = requestHeaders(testSite({ settings: s }), '$host');
    expect(lines).toEqual(
      expect.arrayContaining([
        'proxy_set_header Upgrade $http_upgrade;',
        'proxy_set_header Connection $nimbus_connection;',
        'proxy_set_header Range $http_range;',
        'proxy_set_header If-Range $http_if_range;',
      ]),
    );
  });
});

describe('response headers to the visitor', () => {
  it('sets (hiding the origin’s), adds and deletes; HSTS only on HTTPS; X-Cache-Status always', () => {
    const s = settings();
    s.advanced.responseHeaders = [
      { action: 'set', name: 'X-Frame-Options', content: 'DENY', remark: '' },
      { action: 'add', name: 'X-Extra', content: '$uri', remark: '' },
      { action: 'delete', name: 'Server-Timing', content: '', remark: '' },
    ];
    s.advanced.hsts = true;
    s.advanced.hstsIncludeSubdomains = true;
    const site = testSite({ settings: s });
    expect(responseHeaders(site, true)).toEqual([
      'add_header X-Cache-Status $upstream_cache_status always;',
      'proxy_hide_header X-Frame-Options;',
      'add_header X-Frame-Options "DENY" always;',
      'add_header X-Extra "${nimbus_dollar}uri" always;',
      'proxy_hide_header Server-Timing;',
      'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;',
    ]);
    expect(responseHeaders(site, false).join('\n')).not.toContain('Strict-Transport-Security');
  });

  it('sets the browser cache with expires, or replaces it with no-store', () => {
    const s = settings();
    s.performance.browserCache = 'set';
    s.performance.browserTtl = 600;
    expect(responseHeaders(testSite({ settings: s }), false)).toContain('expires 600s;');
    s.performance.browserCache = 'none';
    expect(responseHeaders(testSite({ settings: s }), false)).toEqual(
      expect.arrayContaining([
        'proxy_hide_header Cache-Control;',
        'proxy_hide_header Expires;',
        'add_header Cache-Control "no-store" always;',
      ]),
    );
  });
});

describe('backsource', () => {
  it('sends the visitor’s Host, the first main origin’s address or a custom name', () => {
    const s = settings();
    expect(originHost(testSite({ settings: s }))).toBe('$host');
    s.backsource.hostMode = 'origin';
    expect(originHost(testSite({ settings: s }))).toBe('10.0.0.1');
    s.backsource.hostMode = 'custom';
    s.backsource.originHost = 'origin.a.test';
    expect(originHost(testSite({ settings: s }))).toBe('origin.a.test');
    s.backsource.originHost = 'a.test;return 200';
    expect(() => originHost(testSite({ settings: s }))).toThrow(/unsafe origin Host/);
  });

  it('writes timeouts and retries, and SNI only towards an HTTPS origin', () => {
    const s = settings();
    s.backsource.retryOn = [];
    expect(backsourceDirectives(testSite({ settings: s }))).toEqual([
      'proxy_connect_timeout 30s;',
      'proxy_read_timeout 60s;',
      'proxy_send_timeout 60s;',
      'proxy_next_upstream off;',
      'proxy_next_upstream_tries 0;',
    ]);
    s.backsource.sniName = 'sni.a.test';
    expect(backsourceDirectives(testSite({ settings: s, originProtocol: 'https' }))).toEqual(
      expect.arrayContaining(['proxy_ssl_server_name on;', 'proxy_ssl_name sni.a.test;']),
    );
    s.backsource.sniName = '';
    expect(backsourceDirectives(testSite({ settings: s, originProtocol: 'follow' }))).toContain(
      'proxy_ssl_name $host;',
    );
    s.backsource.connectTimeout = 301;
    expect(() => backsourceDirectives(testSite({ settings: s }))).toThrow(/unsafe connect timeout/);
  });
});

describe('cookie keep', () => {
  it('hashes on the visitor’s cookie or a new request id it hands out', () => {
    const s = settings();
    s.upstream.cookieName = 'edge_lb';
    expect(stickyDirectives(testSite({ settings: s, balance: 'cookie' }))).toEqual([
      'set $nimbus_lb $cookie_edge_lb;',
      'set $nimbus_lb_set "";',
      'if ($nimbus_lb = "") {',
      '  set $nimbus_lb $request_id;',
      '  set $nimbus_lb_set "edge_lb=$request_id; Path=/; HttpOnly";',
      '}',
    ]);
    expect(responseHeaders(testSite({ settings: s, balance: 'cookie' }), false)).toContain(
      'add_header Set-Cookie $nimbus_lb_set always;',
    );
    expect(stickyDirectives(testSite({ settings: s }))).toEqual([]);
    s.upstream.cookieName = 'a; Path=/x';
    expect(() => stickyDirectives(testSite({ settings: s, balance: 'cookie' }))).toThrow(
      /unsafe cookie name/,
    );
  });
});
