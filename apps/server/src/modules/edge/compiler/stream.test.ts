import { describe, expect, it } from 'vitest';
import { streamConfig, streamRuleConfig, streamUpstreamSpec } from './stream';
import type { CompileStream } from './types';

const rule = (over: Partial<CompileStream> = {}): CompileStream => ({
  id: 1,
  protocol: 'tcp',
  listenPort: 2222,
  balance: 'round_robin',
  origins: [
    { address: '10.0.0.3', port: 22, weight: 2, role: 'main' },
    { address: '10.0.0.4', port: 22, weight: 1, role: 'backup' },
  ],
  connectTimeoutSeconds: 30,
  ...over,
});

describe('stream.conf', () => {
  it('is a comment alone when the node forwards nothing', () => {
    expect(streamConfig([])).toBe('# layer-4 forwarding rules\n');
  });

  it('includes one file per rule by id, so one rule can be left out alone', () => {
    expect(streamConfig([rule({ id: 2 }), rule()])).toBe(
      '# layer-4 forwarding rules\n' +
        'include __BUNDLE_DIR__/streams/1.conf;\n' +
        'include __BUNDLE_DIR__/streams/2.conf;\n',
    );
  });

  it('renders TCP and UDP rules with hash balance, the connect timeout and the rule id the session log carries', () => {
    const udp = rule({
      id: 2,
      protocol: 'udp',
      listenPort: 5353,
      balance: 'ip_hash',
      connectTimeoutSeconds: 300,
    });
    expect(streamRuleConfig(rule(), '127.0.0.1') + streamRuleConfig(udp, '127.0.0.1')).toMatchInlineSnapshot(`
      "# stream 1
      upstream stream_1 {
        include __BUNDLE_DIR__/upstreams/stream_1.conf;
      }
      server {
        listen 127.0.0.1:2222;
        set $nimbus_stream 1;
        proxy_pass stream_1;
        proxy_connect_timeout 30s;
      }
      # stream 2
      upstream stream_2 {
        hash $remote_addr consistent;
        include __BUNDLE_DIR__/upstreams/stream_2.conf;
        # backup origins are not used with IP hash (nginx forbids it)
      }
      server {
        listen 127.0.0.1:5353 udp;
        set $nimbus_stream 2;
        proxy_pass stream_2;
        proxy_connect_timeout 300s;
      }
      "
    `);
  });

  it('binds an IPv6 node address in brackets', () => {
    expect(streamRuleConfig(rule({ protocol: 'udp' }), '::1')).toContain('listen [::1]:2222 udp;');
  });

  it('refuses values that are not what they claim', () => {
    expect(() => streamRuleConfig(rule({ listenPort: 70000 }), '')).toThrow(/unsafe port/);
    expect(() => streamRuleConfig(rule({ connectTimeoutSeconds: 0.5 }), '')).toThrow(
      /unsafe connect timeout/,
    );
    const origins = [{ address: '10.0.0.3;', port: 22, weight: 1, role: 'main' as const }];
    expect(() => streamUpstreamSpec(rule({ origins }))).toThrow(/unsafe origin address/);
  });
});
