import { defaultServingSettings } from '@nimbus/contract';
import type { CompileInput, CompileSite } from './types';

/** Rows for the compiler's unit tests: a plain HTTP site with a weighted main and a backup. */
export const testSite = (over: Partial<CompileSite> = {}): CompileSite => ({
  id: 7,
  customerId: 3,
  domain: 'www.a.test',
  originProtocol: 'http',
  balance: 'round_robin',
  origins: [
    { address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 3, role: 'main' },
    { address: 'backup.a.test', httpPort: 80, httpsPort: 443, weight: 1, role: 'backup' },
  ],
  httpPorts: [80],
  httpsPorts: [443],
  httpsEnabled: false,
  certificateId: null,
  forceHttps: false,
  acmeChallenges: [],
  settings: defaultServingSettings(),
  rewrites: [],
  forceRedirect: null,
  ...over,
});

export const testInput = (over: Partial<CompileInput> = {}): CompileInput => ({
  node: { id: 1, listenAddress: '' },
  sites: [testSite()],
  streams: [],
  certificates: [],
  allowRanges: [],
  ...over,
});

export const TEST_CERT_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

/** Every setting on, each rule kind, and hostile-looking (but contract-valid) values. */
export const allSettings = (): CompileSite['settings'] => {
  const s = defaultServingSettings();
  return {
    backsource: {
      ...s.backsource,
      hostMode: 'custom',
      originHost: 'origin.a.test',
      sniName: 'sni.a.test',
      connectTimeout: 300,
      retries: 3,
      retryOn: ['error', 'timeout', 'http_502', 'http_503'],
      rangeToOrigin: true,
      requestHeaders: [
        { action: 'set', name: 'X-From-Edge', content: 'a "quoted" $host \\ value; }', remark: '' },
        { action: 'add', name: 'X-Added', content: 'two', remark: '' },
        { action: 'delete', name: 'Cookie', content: '', remark: '' },
        { action: 'set', name: 'X-Forwarded-For', content: 'hidden', remark: '' },
      ],
    },
    performance: {
      ...s.performance,
      cacheRules: [
        { kind: 'ext', match: 'jpg|png', ttl: 86400 },
        { kind: 'dir', match: '/static/(v1)/', ttl: 600 },
        { kind: 'path', match: '/a.js', ttl: 0 },
        { kind: 'regex', match: '^/api/(?<ver>v\\d+)/', ttl: 60 },
        { kind: 'all', match: '', ttl: 30 },
        { kind: 'path', match: '/never.js', ttl: 60 },
      ],
      noCacheRules: [
        { kind: 'dir', match: '/private/' },
        { kind: 'regex', match: '(?i)\\.php$' },
      ],
      queryKey: 'include',
      queryParams: ['v', 'lang'],
      originCacheControl: 'override',
      statusTtls: [{ status: 404, ttl: 60 }],
      browserCache: 'set',
      browserTtl: 600,
      gzip: true,
      brotli: true,
    },
    upstream: { ...s.upstream, maxFails: 3, failTimeout: 20, keepalive: 32, cookieName: 'edge_lb' },
    advanced: {
      ...s.advanced,
      responseHeaders: [
        { action: 'set', name: 'X-Powered-By', content: 'nimbus ${x} $1 "q"', remark: '' },
        { action: 'add', name: 'X-Extra', content: 'yes', remark: '' },
        { action: 'delete', name: 'Server-Timing', content: '', remark: '' },
      ],
      hsts: true,
      hstsIncludeSubdomains: true,
      hstsPreload: true,
      minTls: 'TLSv1.3',
      websocket: true,
      bodyLimitMb: 0,
    },
    code: {
      errorPages: [
        { status: 404, kind: 'page', html: '<h1>gone "$uri"</h1>', url: '' },
        { status: 503, kind: 'redirect', html: '', url: 'https://status.a.test/down?from=$host' },
      ],
      statusRewrites: [{ from: 403, to: 200 }],
    },
    applicationSecure: {
      ipAllow: ['127.0.0.0/8', '10.1.2.3', '::1', '2001:db8::/32'],
      ipDeny: ['127.0.0.66', '10.0.0.1/8', '::ffff:1.2.3.4'],
      refererMode: 'deny',
      referers: ['bad.example.com', '*.leech.example'],
      refererAllowEmpty: false,
      uaMode: 'allow',
      // Every character a config could trip on, and a list long enough for several regexes.
      userAgents: [
        'a"b\\"; } return 200; #',
        '$host ${x} (?i) [x] {1,2} |.*+^',
        "it's `ok` <x> &y",
        ...Array.from({ length: 47 }, (_, i) => `${i}`.padStart(3, '0') + 'x'.repeat(197)),
      ],
      regionMode: 'allow',
      countries: ['CN', 'HK', 'US'],
      regionAllowUnknown: true,
    },
    networkSecure: {
      connLimitPerIp: 10_000,
      bodyTimeout: 3600,
      clientSendTimeout: 1,
      allowedMethods: ['GET', 'HEAD', 'POST'],
      maxUrlLength: 65_535,
      maxHeaderSize: 32_768,
    },
    contentSecure: {
      enabled: true,
      type: 'C',
      primaryKey: 'A'.repeat(32),
      backupKey: 'b0'.repeat(16),
      ttl: 31_536_000,
      tokenIn: 'header',
      paramName: 'auth_key',
      headerName: 'X-Auth-Token',
      cForm: 'query',
      hashParam: 'KEY1',
      timeParam: 'KEY2',
    },
    // Twenty rules with long hostile paths: the value nginx gets is longer than one config token.
    businessSecure: {
      ccLevel: 'attack',
      ccVerification: 'click-number',
      rateLimits: Array.from({ length: 20 }, (_, i) => ({
        match: i % 2 === 0 ? ('prefix' as const) : ('regex' as const),
        path:
          i % 2 === 0
            ? `/a"b;} return 200; #$host|/${'x'.repeat(470)}`
            : String.raw`^/\$\{x\}(a|b){1,2}.*` + 'y'.repeat(470),
        rate: 100_000,
        unit: i % 3 === 0 ? ('minute' as const) : ('second' as const),
        burst: 100_000,
        action: (['reject', 'ban', 'sensorless', 'click-number'] as const)[i % 4]!,
        banSeconds: i % 4 === 1 ? 86_400 : 0,
      })),
    },
  };
};
