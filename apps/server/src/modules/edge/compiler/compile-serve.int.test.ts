import http from 'node:http';
import type net from 'node:net';
import { defaultServingSettings } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchEdge, freePort, type EdgeRequestOptions } from '../../../../test/support/edge-fleet';
import { makeCertificate } from '../../../../test/support/openssl';
import { testSite } from './compile.test-support';
import { stageBundle, startStaged } from './nginx-stage.test-support';
import type { CompileInput, CompileSite } from './types';

/*
 * Compiled settings answered by a real nginx started on the staged bundle (no console, no agent):
 * the rewrite rules and forced redirects (their API is not on this branch yet), the minimum TLS
 * version, status rewriting, and headers that must reach the visitor from every kind of location.
 * The through-the-edge tests are edge-site-settings.int.test.ts.
 */
const ADDRESS = '127.0.0.65';
const cert = makeCertificate(['www.r.test', 'other.r.test', 'tls.r.test']);
let origin: http.Server;
let originPort: number;
let httpPort: number;
let httpsPort: number;
let nginx: { stop: () => void } | undefined;

const request = (host: string, path: string, options: EdgeRequestOptions & { secure?: boolean } = {}) =>
  options.secure
    ? fetchEdge(`https://${host}:${httpsPort}${path}`, ADDRESS, { ...options, ca: cert.caPem })
    : fetchEdge(`http://${host}:${httpPort}${path}`, ADDRESS, options);

const settings = () => {
  const s = defaultServingSettings();
  s.performance.cacheRules = [{ kind: 'ext', match: 'css', ttl: 600 }];
  s.performance.noCacheRules = [{ kind: 'dir', match: '/live/' }];
  s.performance.browserCache = 'none';
  s.advanced.responseHeaders = [{ action: 'set', name: 'X-Shop', content: 'a "b" $host \\ ;}', remark: '' }];
  s.code.statusRewrites = [{ from: 403, to: 200 }];
  s.code.errorPages = [{ status: 404, kind: 'page', html: '<h1>not here</h1>', url: '' }];
  return s;
};

const site = (id: number, over: Partial<CompileSite>): CompileSite =>
  testSite({
    id,
    origins: [{ address: '127.0.0.1', httpPort: originPort, httpsPort: originPort, weight: 1, role: 'main' }],
    httpPorts: [httpPort],
    httpsPorts: [httpsPort],
    settings: settings(),
    ...over,
  });

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    const status = /^\/status\/(\d+)/.exec(req.url ?? '')?.[1];
    res.writeHead(status ? Number(status) : 200, {
      'content-type': 'text/plain',
      'cache-control': 'public, max-age=3600',
    });
    res.end(`origin ${req.url}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
  [httpPort, httpsPort] = [await freePort(ADDRESS), await freePort(ADDRESS)];
  const input: CompileInput = {
    node: { id: 1, listenAddress: ADDRESS },
    sites: [
      site(1, {
        domain: 'www.r.test',
        acmeChallenges: [{ token: 'tok', keyAuthorization: 'tok.thumb' }],
        rewrites: [
          {
            match: 'exact',
            source: '/old',
            target: '/new',
            status: 308,
            keepQuery: true,
            enabled: true,
            remark: '',
          },
          {
            match: 'prefix',
            source: '/docs/',
            target: 'https://docs.r.test/v2/?lang=en',
            status: 301,
            keepQuery: true,
            enabled: true,
            remark: '',
          },
          {
            match: 'regex',
            source: '^/p/(\\d+)/(.*)$',
            target: '/post/$1?slug=$2',
            status: 307,
            keepQuery: false,
            enabled: true,
            remark: '',
          },
          // Never reached for /old: the first matching rule answers.
          {
            match: 'regex',
            source: '^/',
            target: '/everything',
            status: 302,
            keepQuery: false,
            enabled: true,
            remark: '',
          },
        ],
        forceRedirect: { kind: 'host', targetHost: 'www.r.test', status: 302 },
      }),
      site(2, {
        domain: 'other.r.test',
        forceRedirect: { kind: 'host', targetHost: 'www.r.test', status: 301 },
      }),
      site(3, {
        domain: 'tls.r.test',
        httpsEnabled: true,
        certificateId: 9,
        forceRedirect: { kind: 'https', targetHost: '', status: 308 },
        settings: { ...settings(), advanced: { ...settings().advanced, minTls: 'TLSv1.3', hsts: true } },
      }),
    ],
    streams: [],
    certificates: [{ id: 9, certPem: cert.certPem }],
    allowRanges: ['127.0.0.0/8'],
  };
  nginx = startStaged(stageBundle(input, cert.keyPem, await freePort()));
}, 30_000);

afterAll(async () => {
  nginx?.stop();
  await new Promise((resolve) => origin?.close(resolve));
});

describe('redirects on a real nginx', () => {
  it('answers a rewrite with its status and target, the query kept or dropped per rule', async () => {
    const exact = await request('www.r.test', '/old?a=1');
    expect(exact.status).toBe(308);
    // A path target stays on the visitor's host and scheme.
    expect(exact.headers.location).toBe(`http://www.r.test:${httpPort}/new?a=1`);
    const prefix = await request('www.r.test', '/docs/guide/x.html?b=2');
    expect(prefix.status).toBe(301);
    expect(prefix.headers.location).toBe('https://docs.r.test/v2/guide/x.html?lang=en&b=2');
    const regex = await request('www.r.test', '/p/42/hello?c=3');
    expect(regex.status).toBe(307);
    expect(regex.headers.location).toBe(`http://www.r.test:${httpPort}/post/42?slug=hello`);
    expect((await request('www.r.test', '/else')).headers.location).toMatch(/\/everything$/);
  });

  it('still answers ACME challenges on a site that redirects everything', async () => {
    const acme = await request('www.r.test', '/.well-known/acme-challenge/tok');
    expect(acme).toMatchObject({ status: 200, body: 'tok.thumb' });
  });

  it('forces another host, and not the target host itself', async () => {
    const moved = await request('other.r.test', '/a/b?x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`http://www.r.test:${httpPort}/a/b?x=1`);
  });

  it('forces HTTPS with the chosen status', async () => {
    const upgraded = await request('tls.r.test', '/page?q=1');
    expect(upgraded.status).toBe(308);
    expect(upgraded.headers.location).toBe(`https://tls.r.test:${httpsPort}/page?q=1`);
  });
});

describe('serving settings on a real nginx', () => {
  it('refuses TLS 1.2 with 426 when the site wants 1.3 at least, and serves 1.3 with HSTS', async () => {
    const old = await request('tls.r.test', '/x.css', { secure: true, maxVersion: 'TLSv1.2' });
    expect(old.status).toBe(426);
    const current = await request('tls.r.test', '/x.css', { secure: true });
    expect(current.status).toBe(200);
    expect(current.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends the server-level headers from a cache-rule location, a no-cache location and the fallback', async () => {
    for (const path of ['/style.css', '/live/feed', '/index.html']) {
      const answer = await request('tls.r.test', path, { secure: true });
      expect(answer.status, path).toBe(200);
      // The customer's value arrives as written: quotes, $ and backslash included.
      expect(answer.headers['x-shop'], path).toBe('a "b" $host \\ ;}');
      expect(answer.headers['x-cache-status'], path).toBeDefined();
      // Browser cache "none": the origin's Cache-Control is replaced by no-store.
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    expect((await request('tls.r.test', '/live/feed', { secure: true })).headers['x-cache-status']).toBe(
      'BYPASS',
    );
    expect((await request('tls.r.test', '/style.css', { secure: true })).headers['x-cache-status']).toBe(
      'HIT',
    );
  });

  it('rewrites an origin status (403 → 200 with the origin’s body) and serves a custom 404 page', async () => {
    const rewritten = await request('tls.r.test', '/status/403', { secure: true });
    expect(rewritten).toMatchObject({ status: 200, body: 'origin /status/403' });
    const missing = await request('tls.r.test', '/status/404', { secure: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('<h1>not here</h1>');
    expect(missing.headers['x-shop']).toBe('a "b" $host \\ ;}');
  });
});
