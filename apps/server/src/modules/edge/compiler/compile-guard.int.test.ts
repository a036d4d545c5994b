import http from 'node:http';
import type net from 'node:net';
import { businessSecureSettingsSchema, defaultServingSettings } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchEdge,
  freePort,
  type EdgeAnswer,
  type EdgeRequestOptions,
} from '../../../../test/support/edge-fleet';
import { testSite } from './compile.test-support';
import { withEdgeLua } from './lua-stage.test-support';
import { stageBundle, startStaged } from './nginx-stage.test-support';
import type { CompileInput, CompileSite } from './types';

/*
 * The business-secure tab (and the WAF's verification actions) answered by a real nginx running
 * the edge's Lua (nimbus.waf then nimbus.guard) on the staged bundle. Visitors are told apart by
 * their source address: any 127/8 address is a source on Linux.
 */
const ADDRESS = '127.0.0.93';
let origin: http.Server;
let originPort: number;
let port: number;
let controlPort: number;
let nginx: { stop: () => void } | undefined;

/** A request to the edge as `host`, or with `to` to the control server on 127.0.0.1. */
const request = (host: string, path: string, options: EdgeRequestOptions & { to?: number } = {}) =>
  fetchEdge(`http://${host}:${options.to ?? port}${path}`, options.to ? '127.0.0.1' : ADDRESS, {
    from: '127.0.0.1',
    ...options,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a browser's run of the sensorless page's script sets as the cookie. */
function solveSensorless(body: string): string {
  const match = /var n=(\d+),k=0,i,v='',a=\[([\d,]+)\]/.exec(body);
  if (!match) throw new Error(`not a sensorless page: ${body.slice(0, 200)}`);
  let k = 0;
  for (let i = 0; i < Number(match[1]); i++) k = (k * 31 + i) % 97;
  return String.fromCharCode(...match[2]!.split(',').map((c) => Number(c) - k));
}

const isChallenge = (answer: EdgeAnswer) =>
  answer.status === 200 && !answer.body.includes('origin') && answer.body.includes('<!doctype html>');

const settings = (business: BusinessInput) => ({
  ...defaultServingSettings(),
  businessSecure: businessSecureSettingsSchema.parse(business),
});

const site = (id: number, domain: string, business: BusinessInput): CompileSite =>
  testSite({
    id,
    domain,
    origins: [{ address: '127.0.0.1', httpPort: originPort, httpsPort: originPort, weight: 1, role: 'main' }],
    httpPorts: [port],
    settings: settings(business),
  });

type BusinessInput = Parameters<typeof businessSecureSettingsSchema.parse>[0];

const hex = (text: string) => Buffer.from(text).toString('hex');

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`origin ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
  port = await freePort(ADDRESS);
  controlPort = await freePort();
  const input: CompileInput = {
    node: { id: 1, listenAddress: ADDRESS },
    sites: [
      site(1, 'rate.g.test', {
        rateLimits: [
          { path: '/api|/login', rate: 1, unit: 'second', burst: 3, action: 'reject' },
          { path: '/', rate: 1000, unit: 'second', burst: 1000, action: 'reject' },
        ],
      }),
      site(2, 'ban.g.test', { rateLimits: [{ path: '/', rate: 1, burst: 1, action: 'ban', banSeconds: 2 }] }),
      site(3, 'cc.g.test', { ccLevel: 'attack', ccVerification: 'sensorless' }),
      site(4, 'click.g.test', { ccLevel: 'attack', ccVerification: 'click-number' }),
      site(5, 'waf.g.test', {}),
      site(6, 'strict.g.test', { ccLevel: 'strict' }),
      site(7, 'verify.g.test', {
        rateLimits: [{ match: 'regex', path: '^/search', rate: 1, unit: 'minute', action: 'sensorless' }],
      }),
    ],
    streams: [],
    certificates: [],
    allowRanges: ['127.0.0.0/8'],
  };
  const dir = stageBundle(input, '', controlPort);
  await withEdgeLua(dir);
  nginx = startStaged(dir);
}, 30_000);

afterAll(async () => {
  nginx?.stop();
  await new Promise((resolve) => origin?.close(resolve));
});

describe('rate limits on a real edge', () => {
  it('answers 429 after the burst, whatever the path’s spelling, and serves again a moment later', async () => {
    const from = '127.0.42.1';
    for (let i = 0; i < 4; i++)
      expect((await request('rate.g.test', `/api/${i}`, { from })).status).toBe(200);
    expect((await request('rate.g.test', '/api/4', { from })).status).toBe(429);
    // The rule's path as the edge sees it: case, double slashes and dot segments change nothing.
    for (const spelled of ['/API/x', '//api/x', '/x/../api/x', '/%61pi/x'])
      expect((await request('rate.g.test', spelled, { from })).status, spelled).toBe(429);
    // Another of the rule's paths shares the count; the next rule's paths, and other clients, do not.
    expect((await request('rate.g.test', '/login', { from })).status).toBe(429);
    expect((await request('rate.g.test', '/home', { from })).body).toBe('origin GET /home');
    expect((await request('rate.g.test', '/api/x', { from: '127.0.42.2' })).status).toBe(200);
    await sleep(1200);
    expect((await request('rate.g.test', '/api/x', { from })).status).toBe(200);
  });

  it('bans the address for the rule’s duration, serves others meanwhile, and records the ban', async () => {
    const from = '127.0.42.3';
    expect((await request('ban.g.test', '/', { from })).status).toBe(200);
    expect((await request('ban.g.test', '/', { from })).status).toBe(200);
    expect((await request('ban.g.test', '/', { from })).status).toBe(403);
    await sleep(1100);
    // Under the rate again, but banned: the WAF's per-site ban refuses it.
    expect((await request('ban.g.test', '/', { from })).status).toBe(403);
    expect((await request('ban.g.test', '/', { from: '127.0.42.4' })).status).toBe(200);
    await sleep(1500);
    expect((await request('ban.g.test', '/', { from })).body).toBe('origin GET /');
    const events = (await request('control', '/nimbus/waf/events', { to: controlPort })).body.split('\n');
    const ban = events.map((l) => l.split('\t')).find((f) => f[1] === '2' && f[4] === from);
    expect(ban?.slice(2, 6)).toEqual(['0', 'ban', from, '2']);
  });

  it('verification action: over the rate, a visitor verifies, and with a pass is not limited', async () => {
    const from = '127.0.42.5';
    expect((await request('verify.g.test', '/search?q=1', { from })).body).toContain('origin');
    const page = await request('verify.g.test', '/search?q=2', { from });
    expect(isChallenge(page)).toBe(true);
    const cookie = `nimbus_pass=${solveSensorless(page.body)}`;
    for (let i = 0; i < 3; i++)
      expect((await request('verify.g.test', '/search', { from, headers: { cookie } })).body).toContain(
        'origin',
      );
    expect((await request('verify.g.test', '/other', { from })).body).toContain('origin');
  });
});

describe('CC protection on a real edge', () => {
  it('under attack: a client without script gets the challenge page, never the origin’s body', async () => {
    const from = '127.0.42.6';
    for (const path of ['/', '/page?x=1', '/img.png']) {
      const answer = await request('cc.g.test', path, { from });
      expect(isChallenge(answer), path).toBe(true);
      expect(answer.headers['cache-control']).toContain('no-store');
    }
    const head = await request('cc.g.test', '/', { from, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    // A form post or an API call cannot run the page: refused.
    expect((await request('cc.g.test', '/', { from, method: 'POST' })).status).toBe(403);
    // Chinese by default, English when the visitor's first language is another.
    expect((await request('cc.g.test', '/', { from })).body).toContain('安全验证');
    const en = await request('cc.g.test', '/', {
      from,
      headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' },
    });
    expect(en.body).toContain('Security check');
  });

  it('passes the cookie a browser’s run of the script sets — for that address only, unaltered', async () => {
    const from = '127.0.42.7';
    const page = await request('cc.g.test', '/page', { from });
    const value = solveSensorless(page.body);
    expect(value).toMatch(/^\d+\.[0-9a-f]{40}$/);
    const cookie = `nimbus_pass=${value}`;
    expect((await request('cc.g.test', '/page', { from, headers: { cookie } })).body).toBe(
      'origin GET /page',
    );
    expect((await request('cc.g.test', '/', { from, method: 'POST', headers: { cookie } })).body).toBe(
      'origin POST /',
    );
    // Copied to another address, or another site of the node: challenged.
    expect(
      isChallenge(await request('cc.g.test', '/page', { from: '127.0.42.8', headers: { cookie } })),
    ).toBe(true);
    expect(isChallenge(await request('click.g.test', '/page', { from, headers: { cookie } }))).toBe(true);
    // Forged: another signature, or the expiry moved (later, or already past).
    const [expiry, mac] = value.split('.') as [string, string];
    const forged = [
      `${expiry}.${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`,
      `${Number(expiry) + 60}.${mac}`,
      `${Number(expiry) - 3600}.${mac}`,
      `${expiry}.${mac}.x`,
      `${Math.floor(Date.now() / 1000) - 10}.${'0'.repeat(40)}`,
    ];
    for (const bad of forged)
      expect(
        isChallenge(await request('cc.g.test', '/page', { from, headers: { cookie: `nimbus_pass=${bad}` } })),
        bad,
      ).toBe(true);
  });

  it('click-number: the right number earns the pass and goes back; a wrong one does not', async () => {
    const from = '127.0.42.9';
    const page = await request('click.g.test', '/deep/page?a=1&b=2', { from });
    expect(isChallenge(page)).toBe(true);
    const shown = /请点击数字 (\d+)/.exec(page.body)![1]!;
    const links = [...page.body.matchAll(/href="([^"]+)">(\d+)</g)].map((m) => ({
      href: m[1]!.replaceAll('&amp;', '&'),
      number: m[2]!,
    }));
    expect(links).toHaveLength(6);
    const wrong = await request('click.g.test', links.find((l) => l.number !== shown)!.href, { from });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('数字不对');
    const right = links.find((l) => l.number === shown)!.href;
    // The right link from another address earns nothing.
    expect(
      (await request('click.g.test', right, { from: '127.0.42.10' })).headers['set-cookie'],
    ).toBeUndefined();
    const passed = await request('click.g.test', right, { from });
    expect(passed.status).toBe(302);
    expect(passed.headers.location).toMatch(/\/deep\/page\?a=1&b=2$/);
    const cookie = passed.headers['set-cookie']![0]!.split(';')[0]!;
    expect(passed.headers['set-cookie']![0]).toContain('HttpOnly');
    expect((await request('click.g.test', '/deep/page?a=1&b=2', { from, headers: { cookie } })).body).toBe(
      'origin GET /deep/page?a=1&b=2',
    );
    // The way back stays on this site: another host or a header break becomes the site's root.
    for (const back of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/a\r\nSet-Cookie: x=1',
    ]) {
      const tampered = right.replace(/r=[0-9a-f]*/, `r=${hex(back)}`);
      const answer = await request('click.g.test', tampered, { from });
      expect(answer.headers.location, back).toMatch(/^(http:\/\/click\.g\.test(:\d+)?)?\/$/);
    }
  });

  it('strict: a client passes until it sends more than 30 requests in 10 s, then verifies', async () => {
    const from = '127.0.42.11';
    for (let i = 0; i < 30; i++) expect((await request('strict.g.test', `/${i}`, { from })).status).toBe(200);
    expect(isChallenge(await request('strict.g.test', '/31', { from }))).toBe(true);
    expect((await request('strict.g.test', '/', { from: '127.0.42.12' })).body).toBe('origin GET /');
  });
});

describe('the WAF’s verification actions on a real edge', () => {
  it('a rule with action sensorless challenges only the matching requests', async () => {
    const rules = `full 1\nsite 5\nrule 51 sensorless 403 0\ncond path - prefix 0 ${hex('/private')}`;
    const pushed = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: controlPort, path: '/nimbus/waf', method: 'POST', agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(rules);
    });
    expect(pushed).toBe(200);
    const from = '127.0.42.13';
    const page = await request('waf.g.test', '/private/x', { from });
    expect(isChallenge(page)).toBe(true);
    expect(isChallenge(await request('waf.g.test', '/PRIVATE//x', { from }))).toBe(true);
    expect((await request('waf.g.test', '/public', { from })).body).toBe('origin GET /public');
    const cookie = `nimbus_pass=${solveSensorless(page.body)}`;
    expect((await request('waf.g.test', '/private/x', { from, headers: { cookie } })).body).toBe(
      'origin GET /private/x',
    );
    const events = (await request('control', '/nimbus/waf/events', { to: controlPort })).body;
    expect(events).toMatch(/\t5\t51\tsensorless\t127\.0\.42\.13\t0\tGET \/private\/x HTTP\/1\.1/);
  });
});
