import { describe, expect, it } from 'vitest';
import { ConfigError, layoutOf, parseConfig } from './config';

const base = ['--server', 'https://console.test/', '--token', 'edge_abc'];

describe('parseConfig', () => {
  it('applies the defaults', () => {
    expect(parseConfig(base, {})).toEqual({
      server: 'https://console.test',
      token: 'edge_abc',
      dataDir: '/var/lib/nimbus-edge',
      mode: 'system',
      nginxBin: '/usr/sbin/nginx',
      controlPort: 8089,
      listenAddress: '127.0.0.1',
      resolver: undefined,
      resolveIntervalSeconds: 60,
      logSpoolBytes: 512 * 1024 * 1024,
      logRotateBytes: 64 * 1024 * 1024,
      requestLog: true,
    });
  });

  it('reads every option', () => {
    const config = parseConfig(
      [
        ...base,
        '--data-dir',
        '/tmp/e1',
        '--manage-nginx',
        '--nginx',
        '/opt/nginx',
        '--control-port',
        '18089',
        '--listen-address',
        '127.0.0.21',
        '--resolver',
        '127.0.0.53:5353',
        '--resolve-interval',
        '30',
        '--log-spool-mb',
        '20',
        '--no-request-log',
      ],
      { NIMBUS_EDGE_LOG_ROTATE_BYTES: '4096' },
    );
    expect(config).toMatchObject({
      dataDir: '/tmp/e1',
      mode: 'managed',
      nginxBin: '/opt/nginx',
      controlPort: 18089,
      listenAddress: '127.0.0.21',
      resolver: '127.0.0.53:5353',
      resolveIntervalSeconds: 30,
      logSpoolBytes: 20 * 1024 * 1024,
      logRotateBytes: 4096,
      requestLog: false,
    });
    expect(parseConfig(base, { NIMBUS_EDGE_RESOLVER: '[::1]:53' })).toMatchObject({ resolver: '[::1]:53' });
  });

  it('takes the server and the token from the environment (keeps the token out of ps)', () => {
    const config = parseConfig([], { NIMBUS_EDGE_SERVER: 'http://c:8080', NIMBUS_EDGE_TOKEN: 'edge_env' });
    expect(config).toMatchObject({ server: 'http://c:8080', token: 'edge_env' });
    expect(parseConfig(base, { NIMBUS_EDGE_TOKEN: 'edge_env' })).toMatchObject({ token: 'edge_abc' });
  });

  it('says which argument is missing or wrong', () => {
    const fails = (argv: string[], message: RegExp) => {
      expect(() => parseConfig(argv, {})).toThrow(ConfigError);
      expect(() => parseConfig(argv, {})).toThrow(message);
    };
    fails(['--token', 't'], /--server is required/);
    fails(['--server', 'http://c'], /--token is required/);
    fails(['--server', 'ftp://c', '--token', 't'], /http:\/\/ or https:\/\//);
    fails(['--server', 'not a url', '--token', 't'], /not a URL/);
    fails([...base, '--control-port', '70000'], /--control-port/);
    fails([...base, '--control-port', '80x'], /--control-port/);
    fails([...base, '--resolver', 'dns.example'], /--resolver must be an IP address/);
    fails([...base, '--resolver', '10.0.0.1:99999'], /--resolver/);
    fails([...base, '--resolve-interval', '1'], /--resolve-interval .* at least 5/);
    fails([...base, '--listen-address', 'a.test'], /--listen-address/);
    fails([...base, '--log-spool-mb', '0'], /--log-spool-mb .* at least 1/);
    fails([...base, '--log-spool-mb', '1.5'], /--log-spool-mb/);
    fails([...base, '--data-dir', '/tmp/a b'], /--data-dir/);
    fails([...base, '--data-dir', '/tmp/a;b'], /--data-dir/);
    fails([...base, '--bogus'], /bogus/);
  });

  it('answers help', () => {
    expect(parseConfig(['--help'], {})).toBe('help');
  });
});

describe('layoutOf', () => {
  it('keeps a managed nginx inside the data dir and the system one at Debian’s paths', () => {
    expect(layoutOf({ dataDir: '/d', mode: 'managed' })).toMatchObject({
      mainConf: '/d/nginx.conf',
      nextConf: '/d/nginx.conf.next',
      pidFile: '/d/nginx.pid',
      versionsDir: '/d/versions',
      stateFile: '/d/state.json',
      requestLog: '/d/logs/requests.log',
      logSpoolDir: '/d/log-spool',
      logStateFile: '/d/log-state.json',
      streamLog: '/d/logs/streams.log',
      streamSpoolDir: '/d/stream-log-spool',
      streamStateFile: '/d/stream-log-state.json',
    });
    expect(layoutOf({ dataDir: '/d', mode: 'system' })).toMatchObject({
      mainConf: '/etc/nginx/nginx.conf',
      nextConf: '/etc/nginx/nginx.conf.next',
      pidFile: '/run/nginx.pid',
      cacheDir: '/d/cache',
    });
  });
});
