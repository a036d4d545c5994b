import http from 'node:http';
import type net from 'node:net';
import {
  applicationSecureSettingsSchema,
  defaultServingSettings,
  networkSecureSettingsSchema,
  type SiteServingSettings,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchEdge, freePort, type EdgeRequestOptions } from '../../../../test/support/edge-fleet';
import { testSite } from './compile.test-support';
import { stageBundle, startStaged } from './nginx-stage.test-support';
import type { CompileInput, CompileSite } from './types';

/*
 * The application-secure and network-secure tabs answered by a real nginx started on the staged
 * bundle. Client addresses: any 127/8 address is a source on Linux, so a request "from" a denied
 * address is sent with that localAddress.
 */
const ADDRESS = '127.0.0.70';
let origin: http.Server;
let originPort: number;
let port: number;
let nginx: { stop: () => void } | undefined;

/** A request to the edge as `host`, with a browser's User-Agent unless the test gives one. */
const request = (host: string, path: string, options: EdgeRequestOptions = {}) =>
  fetchEdge(`http://${host}:${port}${path}`, ADDRESS, {
    from: '127.0.0.1',
    ...options,
    headers: { 'user-agent': 'Mozilla/5.0', ...options.headers },
  });

const status = async (...args: Parameters<typeof request>) => (await request(...args)).status;

function withSecurity(app: object, net: object = {}, more: Partial<SiteServingSettings> = {}) {
  return {
    ...defaultServingSettings(),
    applicationSecure: applicationSecureSettingsSchema.parse(app),
    networkSecure: networkSecureSettingsSchema.parse(net),
    ...more,
  };
}

const site = (id: number, domain: string, settings: SiteServingSettings): CompileSite =>
  testSite({
    id,
    domain,
    origins: [{ address: '127.0.0.1', httpPort: originPort, httpsPort: originPort, weight: 1, role: 'main' }],
    httpPorts: [port],
    settings,
  });

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    const answer = () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`origin ${req.url}`);
    };
    if (req.url?.startsWith('/slow')) setTimeout(answer, 1500);
    else answer();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
  port = await freePort(ADDRESS);
  const defaults = defaultServingSettings();
  const input: CompileInput = {
    node: { id: 1, listenAddress: ADDRESS },
    sites: [
      site(1, 'deny.s.test', withSecurity({ ipDeny: '127.0.0.66\n127.0.1.0/24' })),
      site(2, 'allow.s.test', withSecurity({ ipAllow: '127.0.0.77' })),
      site(
        3,
        'ref-deny.s.test',
        withSecurity({ refererMode: 'deny', referers: 'leech.example', refererAllowEmpty: false }),
      ),
      site(4, 'ref-deny-empty.s.test', withSecurity({ refererMode: 'deny', referers: 'leech.example' })),
      site(
        5,
        'ref-allow.s.test',
        withSecurity({ refererMode: 'allow', referers: '*.good.example', refererAllowEmpty: false }),
      ),
      site(6, 'ref-allow-empty.s.test', withSecurity({ refererMode: 'allow', referers: '*.good.example' })),
      site(7, 'ua.s.test', withSecurity({ uaMode: 'deny', userAgents: 'sqlmap\na"b;}$x' })),
      site(8, 'ua-allow.s.test', withSecurity({ uaMode: 'allow', userAgents: 'Mozilla/' })),
      site(9, 'net.s.test', withSecurity({}, { allowedMethods: ['GET'], maxUrlLength: 256 })),
      site(10, 'conn.s.test', withSecurity({}, { connLimitPerIp: 1 })),
      // A status rewrite of 403 must not turn a refusal into the origin's answer.
      site(
        11,
        'rewrite.s.test',
        withSecurity(
          { uaMode: 'deny', userAgents: 'sqlmap', ipDeny: '127.0.0.66' },
          {},
          { code: { ...defaults.code, statusRewrites: [{ from: 403, to: 200 }] } },
        ),
      ),
      // A refusal shows the site's own 403 page; asking for that page directly gets no origin.
      site(
        13,
        'page.s.test',
        withSecurity(
          { uaMode: 'deny', userAgents: 'sqlmap', ipDeny: '127.0.0.66' },
          {},
          {
            code: {
              ...defaults.code,
              errorPages: [{ status: 403, kind: 'page', html: '<h1>refused here</h1>', url: '' }],
            },
          },
        ),
      ),
      // A site closed to everyone but one address and one client still gets its certificate.
      {
        ...site(
          12,
          'acme.s.test',
          withSecurity(
            { ipAllow: '127.0.0.77', uaMode: 'allow', userAgents: 'OnlyMe' },
            { allowedMethods: ['POST'] },
          ),
        ),
        acmeChallenges: [{ token: 'tok', keyAuthorization: 'tok.thumb' }],
      },
    ],
    streams: [],
    certificates: [],
    allowRanges: ['127.0.0.0/8'],
  };
  nginx = startStaged(stageBundle(input, '', await freePort()));
}, 30_000);

afterAll(async () => {
  nginx?.stop();
  await new Promise((resolve) => origin?.close(resolve));
});

describe('application-secure on a real nginx', () => {
  it('denies listed addresses and ranges, and serves others', async () => {
    expect(await status('deny.s.test', '/', { from: '127.0.0.66' })).toBe(403);
    expect(await status('deny.s.test', '/', { from: '127.0.1.9' })).toBe(403);
    expect(await request('deny.s.test', '/a', { from: '127.0.0.67' })).toMatchObject({
      status: 200,
      body: 'origin /a',
    });
  });

  it('with an allow list, serves only the listed addresses', async () => {
    expect(await status('allow.s.test', '/', { from: '127.0.0.77' })).toBe(200);
    expect(await status('allow.s.test', '/', { from: '127.0.0.78' })).toBe(403);
  });

  it('Referer deny: a listed Referer gets 403, others pass, an empty one as chosen', async () => {
    const leech = { referer: 'http://leech.example/page' };
    expect(await status('ref-deny.s.test', '/img.png', { headers: leech })).toBe(403);
    expect(
      await status('ref-deny.s.test', '/img.png', { headers: { referer: 'https://fine.example/' } }),
    ).toBe(200);
    expect(await status('ref-deny.s.test', '/img.png')).toBe(403);
    expect(await status('ref-deny-empty.s.test', '/img.png', { headers: leech })).toBe(403);
    expect(await status('ref-deny-empty.s.test', '/img.png')).toBe(200);
  });

  it('Referer allow: only listed hosts pass, an empty one as chosen', async () => {
    const good = { referer: 'https://www.good.example/x' };
    expect(await status('ref-allow.s.test', '/img.png', { headers: good })).toBe(200);
    expect(
      await status('ref-allow.s.test', '/img.png', { headers: { referer: 'http://bad.example/' } }),
    ).toBe(403);
    expect(await status('ref-allow.s.test', '/img.png')).toBe(403);
    expect(await status('ref-allow-empty.s.test', '/img.png')).toBe(200);
    expect(
      await status('ref-allow-empty.s.test', '/img.png', { headers: { referer: 'http://bad.example/' } }),
    ).toBe(403);
  });

  it('User-Agent deny matches substrings case-insensitively, hostile characters literally', async () => {
    expect(await status('ua.s.test', '/', { headers: { 'user-agent': 'sqlmap/1.7' } })).toBe(403);
    expect(await status('ua.s.test', '/', { headers: { 'user-agent': 'x SQLMAP x' } })).toBe(403);
    expect(await status('ua.s.test', '/', { headers: { 'user-agent': 'pre a"b;}$x post' } })).toBe(403);
    // The same characters not in that order: no regex operator of the customer's ran.
    expect(await status('ua.s.test', '/', { headers: { 'user-agent': 'a"b;}x' } })).toBe(200);
    expect(await status('ua.s.test', '/', { headers: { 'user-agent': 'Mozilla/5.0' } })).toBe(200);
  });

  it('User-Agent allow: only a listed substring passes', async () => {
    expect(await status('ua-allow.s.test', '/', { headers: { 'user-agent': 'mozilla/5.0' } })).toBe(200);
    expect(await status('ua-allow.s.test', '/', { headers: { 'user-agent': 'curl/8' } })).toBe(403);
  });

  it('still answers ACME challenges of a site closed by every check', async () => {
    const acme = await request('acme.s.test', '/.well-known/acme-challenge/tok', { from: '127.0.0.9' });
    expect(acme).toMatchObject({ status: 200, body: 'tok.thumb' });
    expect(await status('acme.s.test', '/.well-known/acme-challenge/other', { from: '127.0.0.9' })).toBe(405);
    expect(await status('acme.s.test', '/', { from: '127.0.0.77', method: 'POST' })).toBe(403);
  });

  it('answers a refusal with the site’s own 403 page, whatever refused it', async () => {
    expect(await request('page.s.test', '/', { headers: { 'user-agent': 'sqlmap' } })).toMatchObject({
      status: 403,
      body: '<h1>refused here</h1>',
    });
    expect(await request('page.s.test', '/', { from: '127.0.0.66' })).toMatchObject({
      status: 403,
      body: '<h1>refused here</h1>',
    });
    const direct = await request('page.s.test', '/__nimbus_error/403.html', {
      headers: { 'user-agent': 'sqlmap' },
    });
    expect(direct.status).toBe(404);
    expect(direct.body).not.toContain('origin');
    expect(
      await request('page.s.test', '/__nimbus_error/x', { headers: { 'user-agent': 'sqlmap' } }),
    ).toMatchObject({
      status: 403,
    });
    expect(await status('page.s.test', '/')).toBe(200);
  });

  it('keeps a refusal a refusal when the site rewrites 403 to 200', async () => {
    const ua = await request('rewrite.s.test', '/', { headers: { 'user-agent': 'sqlmap' } });
    expect(ua.status).toBe(403);
    expect(ua.body).not.toContain('origin');
    const ip = await request('rewrite.s.test', '/', { from: '127.0.0.66' });
    expect(ip.status).toBe(403);
    expect(ip.body).not.toContain('origin');
    expect(await status('rewrite.s.test', '/')).toBe(200);
  });
});

describe('network-secure on a real nginx', () => {
  it('answers 405 to a method not allowed; HEAD comes with GET', async () => {
    expect(await status('net.s.test', '/', { method: 'POST' })).toBe(405);
    expect(await status('net.s.test', '/', { method: 'DELETE' })).toBe(405);
    expect(await status('net.s.test', '/', { method: 'HEAD' })).toBe(200);
    expect(await status('net.s.test', '/')).toBe(200);
  });

  it('answers 414 to a URI longer than the limit, and serves one at the limit', async () => {
    expect(await status('net.s.test', `/${'a'.repeat(255)}`)).toBe(200);
    expect(await status('net.s.test', `/${'a'.repeat(200)}?${'q'.repeat(56)}`)).toBe(414);
  });

  it('answers 429 to a second concurrent connection from one address, not from another', async () => {
    const first = request('conn.s.test', '/slow', { from: '127.0.0.80' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await status('conn.s.test', '/', { from: '127.0.0.80' })).toBe(429);
    expect(await status('conn.s.test', '/', { from: '127.0.0.81' })).toBe(200);
    expect((await first).status).toBe(200);
    expect(await status('conn.s.test', '/', { from: '127.0.0.80' })).toBe(200);
  });
});
