import { describe, expect, it } from 'vitest';
import { type SiteContext, siteConfig } from './site';
import { testSite } from './compile.test-support';

const context = (over: Partial<SiteContext> = {}): SiteContext => ({
  listenAddress: '',
  certificates: new Set([3]),
  tlsPorts: new Set([443, 8443]),
  ...over,
});
const https = { httpsEnabled: true, certificateId: 3, forceHttps: true };

describe('a site’s file', () => {
  it('renders a plain HTTP site: upstream, server, proxy headers, cache', () => {
    expect(siteConfig(testSite(), context())).toMatchInlineSnapshot(`
      "# site 7 www.a.test
      upstream site_7_http {
        include __BUNDLE_DIR__/upstreams/site_7_http.conf;
        keepalive 16;
        keepalive_timeout 60s;
      }
      server {
        listen 80;
        server_name nimbus_site_7 www.a.test;
        set $nimbus_owner 3;
        set $nimbus_site 7;
        proxy_connect_timeout 30s;
        proxy_read_timeout 60s;
        proxy_send_timeout 60s;
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 0;
        proxy_set_header Host $host;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $nimbus_connection;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Nimbus-Control "";
        proxy_set_header X-Nimbus-Purge-Key "";
        add_header X-Cache-Status $upstream_cache_status always;
        proxy_cache nimbus_cache;
        proxy_cache_key "7|$host$request_uri";
        proxy_cache_use_stale error timeout updating http_502 http_503 http_504;
        proxy_cache_lock on;
        gzip on;
        gzip_types application/javascript application/json application/xml image/svg+xml text/css text/plain text/xml;
        gzip_proxied any;
        gzip_vary on;
        client_max_body_size 100m;
        location / {
          proxy_pass http://site_7_http;
        }
      }
      "
    `);
  });

  it('serves HTTPS with its certificate, redirects HTTP, and answers ACME before the redirect', () => {
    const conf = siteConfig(
      testSite({
        ...https,
        httpPorts: [8080, 80],
        acmeChallenges: [
          { token: 'tok_2', keyAuthorization: 'tok_2.thumb' },
          { token: 'tok_1-A', keyAuthorization: 'tok_1-A.thumb_print' },
          { token: 'tok_2', keyAuthorization: 'tok_2.thumb' },
        ],
      }),
      context(),
    );
    expect(conf).toMatchInlineSnapshot(`
      "# site 7 www.a.test
      upstream site_7_http {
        include __BUNDLE_DIR__/upstreams/site_7_http.conf;
        keepalive 16;
        keepalive_timeout 60s;
      }
      server {
        listen 80;
        listen 8080;
        server_name nimbus_site_7 www.a.test;
        set $nimbus_owner 3;
        set $nimbus_site 7;
        location = /.well-known/acme-challenge/tok_1-A {
          default_type text/plain;
          return 200 "tok_1-A.thumb_print";
        }
        location = /.well-known/acme-challenge/tok_2 {
          default_type text/plain;
          return 200 "tok_2.thumb";
        }
        location / {
          return 301 https://$host$request_uri;
        }
      }
      server {
        listen 443 ssl http2;
        server_name nimbus_site_7 www.a.test;
        set $nimbus_owner 3;
        set $nimbus_site 7;
        ssl_certificate __BUNDLE_DIR__/certs/3.pem;
        ssl_certificate_key __BUNDLE_DIR__/certs/3.key;
        proxy_connect_timeout 30s;
        proxy_read_timeout 60s;
        proxy_send_timeout 60s;
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 0;
        proxy_set_header Host $host;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $nimbus_connection;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Nimbus-Control "";
        proxy_set_header X-Nimbus-Purge-Key "";
        add_header X-Cache-Status $upstream_cache_status always;
        proxy_cache nimbus_cache;
        proxy_cache_key "7|$host$request_uri";
        proxy_cache_use_stale error timeout updating http_502 http_503 http_504;
        proxy_cache_lock on;
        gzip on;
        gzip_types application/javascript application/json application/xml image/svg+xml text/css text/plain text/xml;
        gzip_proxied any;
        gzip_vary on;
        client_max_body_size 100m;
        location / {
          proxy_pass http://site_7_http;
        }
      }
      "
    `);
  });

  it('redirects to the lowest HTTPS port when 443 is not one', () => {
    const conf = siteConfig(testSite({ ...https, httpsPorts: [9443, 8443] }), context());
    expect(conf).toContain('listen 8443 ssl http2;\n  listen 9443 ssl http2;');
    expect(conf).toContain('return 301 https://$host:8443$request_uri;');
  });

  it('proxies over HTTP too when HTTPS is not forced', () => {
    const conf = siteConfig(testSite({ ...https, forceHttps: false }), context());
    expect(conf.match(/proxy_pass http:\/\/site_7_http;/g)).toHaveLength(2);
    expect(conf).not.toContain('return 301');
  });

  it('serves HTTP only while its certificate is not shipped', () => {
    const conf = siteConfig(testSite({ ...https, certificateId: 9 }), context());
    expect(conf).not.toContain('ssl');
    expect(conf).not.toContain('return 301');
    expect(conf).toContain('proxy_pass http://site_7_http;');
  });

  it('binds the node’s address and takes a wildcard domain as server_name', () => {
    const conf = siteConfig(testSite({ domain: '*.img.a.test' }), context({ listenAddress: '2001:db8::1' }));
    expect(conf).toContain('listen [2001:db8::1]:80;');
    expect(conf).toContain('server_name nimbus_site_7 *.img.a.test;');
  });

  it('leaves plain HTTP out of a port another site serves HTTPS on, and never writes a server without listen', () => {
    const some = siteConfig(testSite({ httpPorts: [80, 443] }), context());
    expect(some).toContain('# HTTP on port 443 left out: a site of this node serves HTTPS on it');
    expect(some).toContain('listen 80;');
    expect(some).not.toContain('listen 443');
    const none = siteConfig(testSite({ httpPorts: [443] }), context());
    expect(none).not.toContain('server {');
  });

  it('refuses a domain or an ACME answer that would break out of the config', () => {
    expect(() => siteConfig(testSite({ domain: 'a.test; return 200 "x"' }), context())).toThrow(/unsafe/);
    const challenge = { token: 'x', keyAuthorization: 'x"; } location / { return 200 "owned' };
    expect(() => siteConfig(testSite({ acmeChallenges: [challenge] }), context())).toThrow(/unsafe/);
    expect(() => siteConfig(testSite({ id: 1.5 }), context())).toThrow(/unsafe site id/);
  });
});
