import { describe, expect, it } from 'vitest';
import { defaultServers, listen } from './listen';

describe('listen directives', () => {
  it('binds every address, an IPv4 or a bracketed IPv6', () => {
    expect(listen('', 80)).toBe('listen 80;');
    expect(listen('1.2.3.4', 80)).toBe('listen 1.2.3.4:80;');
    expect(listen('::1', 80)).toBe('listen [::1]:80;');
  });

  it('adds TLS with HTTP/2, UDP and default_server', () => {
    expect(listen('', 443, { ssl: true })).toBe('listen 443 ssl http2;');
    expect(listen('::1', 8443, { ssl: true, defaultServer: true })).toBe(
      'listen [::1]:8443 ssl http2 default_server;',
    );
    expect(listen('10.0.0.1', 53, { udp: true })).toBe('listen 10.0.0.1:53 udp;');
  });
});

describe('catch-all servers', () => {
  it('renders one per port in port order: 404 over HTTP, handshake refused over TLS', () => {
    const lines = defaultServers(
      '127.0.0.1',
      new Map([
        [8443, 'https'],
        [80, 'http'],
      ]),
    );
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "server {
        listen 127.0.0.1:80 default_server;
        server_name _;
        return 404;
      }
      server {
        listen 127.0.0.1:8443 ssl http2 default_server;
        server_name _;
        ssl_reject_handshake on;
      }"
    `);
  });

  it('renders nothing when no port is in use', () => {
    expect(defaultServers('', new Map())).toEqual([]);
  });
});
