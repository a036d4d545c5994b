import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
import {
  defaultServingSettings,
  type EdgeNodeSaved,
  type OriginInput,
  type Site,
  type SiteServingSettings,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, freePort, startAgent, stopAgent, type Agent } from '../../../test/support/edge-fleet';

/**
 * Site settings saved through the API (app/site/domain/settings/save) and answered by the real
 * data plane: the console, two agents each with its own nginx on 127.0.0.61 and .62, and origins.
 * Rewrites and forced redirects are tested against a real nginx in compile-serve.int.test.ts
 * (their API is not on this branch).
 */
const ADDRESSES = ['127.0.0.61', '127.0.0.62'];
let server: TestServer;
let customer: string;
const agents: Agent[] = [];
const origins: { port: number; close: () => Promise<void> }[] = [];
let port: number;
const sites: Record<string, Site> = {};

const LOREM = 'lorem ipsum dolor sit amet '.repeat(40);

/**
 * An origin named `name`: `/echo` answers the request headers it got (never cached), `/missing`
 * 404, anything else `<name> <url> <n>` plus filler text, with no Cache-Control (only a cache
 * rule makes the edge keep it).
 */
async function startOrigin(name: string) {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/echo')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify(req.headers));
    }
    if (url.startsWith('/missing')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('origin says missing');
    }
    const n = (hits.get(url) ?? 0) + 1;
    hits.set(url, n);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`${name} ${url} ${n}\n${LOREM}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  origins.push(origin);
  return origin;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request to an edge with the site's Host; a br answer is decoded. */
function get(
  address: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: address, port, path, headers: { host, ...headers }, agent: false, timeout: 5000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}
const onEveryEdge = (host: string, path: string, headers?: Record<string, string>) =>
  Promise.all(agents.map((a) => get(a.address, host, path, headers)));

async function createSite(domain: string, body: { origins: OriginInput[]; balance?: string }) {
  const created = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain, httpPorts: [port], ...body },
  });
  expect(created.body.code, created.body.msg).toBe(1);
  sites[domain] = created.body.data!;
  return created.body.data!;
}

async function saveSettings(site: Site, settings: Partial<SiteServingSettings>) {
  for (const [section, value] of Object.entries(settings)) {
    const saved = await server.call('POST', 'app/site/domain/settings/save', {
      token: customer,
      body: { id: site.id, section, value },
    });
    expect(saved.body.code, `${section}: ${saved.body.msg}`).toBe(1);
  }
}

const applied = (site: Site) =>
  eventually(
    async () => {
      const info = await server.call<Site>('GET', 'app/site/domain/info', {
        token: customer,
        query: { id: site.id },
      });
      const config = info.body.data!.config;
      return config.applied === 2 && config.pending === 0 && config;
    },
    30_000,
    `${site.domain} applied on 2/2`,
  );

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  port = await freePort();
  const [one, two] = [await startOrigin('one'), await startOrigin('two')];
  const dead = await freePort();

  const defaults = defaultServingSettings();
  // Sites are saved before the nodes start: the first bundle each node pulls has every setting.
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Settings', isDefault: true },
  });
  const main = await createSite('www.settings.test', {
    origins: [{ address: '127.0.0.1', httpPort: one.port }],
  });
  await saveSettings(main, {
    performance: {
      ...defaults.performance,
      cacheRules: [{ kind: 'ext', match: 'jpg|png', ttl: 600 }],
      noCacheRules: [{ kind: 'dir', match: '/live/' }],
      queryKey: 'ignore',
      brotli: true,
    },
    backsource: {
      ...defaults.backsource,
      requestHeaders: [{ action: 'set', name: 'X-From-Edge', content: 'hello "origin" $1', remark: '' }],
    },
    advanced: {
      ...defaults.advanced,
      responseHeaders: [{ action: 'set', name: 'X-Edge-Test', content: 'on', remark: '' }],
    },
    code: {
      ...defaults.code,
      errorPages: [{ status: 404, kind: 'page', html: '<h1>Nimbus 404</h1>', url: '' }],
    },
  });
  // The main origin refuses connections: the spare (backup) one answers.
  await createSite('spare.settings.test', {
    origins: [
      { address: '127.0.0.1', httpPort: dead, role: 'main' },
      { address: '127.0.0.1', httpPort: two.port, role: 'backup' },
    ],
  });
  const sticky = await createSite('sticky.settings.test', {
    balance: 'cookie',
    origins: [
      { address: '127.0.0.1', httpPort: one.port },
      { address: '127.0.0.1', httpPort: two.port },
    ],
  });
  await saveSettings(sticky, {
    performance: { ...defaults.performance, noCacheRules: [{ kind: 'all', match: '' }] },
    upstream: { ...defaults.upstream, cookieName: 'edge_lb' },
  });

  for (const [i, address] of ADDRESSES.entries()) {
    const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: {
        name: `settings-${i + 1}`,
        ipv4: `198.51.100.${i + 61}`,
        listenAddress: address,
        groupId: group.body.data!.id,
      },
    });
    agents.push(await startAgent(server, saved.body.data!, address));
  }
  for (const site of Object.values(sites)) await applied(site);
}, 90_000);

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await Promise.all(origins.map((o) => o.close()));
  await server?.close();
});

describe('site settings through the edge', () => {
  it('caches a path a cache rule names (HIT) and bypasses a no-cache rule, which wins', async () => {
    const first = await onEveryEdge('www.settings.test', '/img/a.jpg');
    expect(first.map((a) => a.headers['x-cache-status'])).toEqual(['MISS', 'MISS']);
    const again = await onEveryEdge('www.settings.test', '/img/a.jpg');
    expect(again.map((a) => a.headers['x-cache-status'])).toEqual(['HIT', 'HIT']);
    expect(again.map((a) => a.body)).toEqual(first.map((a) => a.body));
    // No rule: the origin says nothing about caching, so nothing is kept.
    await onEveryEdge('www.settings.test', '/page.html');
    expect(
      (await onEveryEdge('www.settings.test', '/page.html')).map((a) => a.headers['x-cache-status']),
    ).toEqual(['MISS', 'MISS']);
    // /live/ is a no-cache directory, even for a .jpg the cache rule names.
    await onEveryEdge('www.settings.test', '/live/b.jpg');
    const live = await onEveryEdge('www.settings.test', '/live/b.jpg');
    expect(live.map((a) => a.headers['x-cache-status'])).toEqual(['BYPASS', 'BYPASS']);
    // Both edges asked the origin again (requests 3 and 4 it saw for the path, in either order).
    expect(live.map((a) => a.body.split('\n')[0]).sort()).toEqual(['one /live/b.jpg 3', 'one /live/b.jpg 4']);
  });

  it('shares one cache entry across query strings when the query is ignored', async () => {
    const first = await onEveryEdge('www.settings.test', '/q.jpg?v=1');
    const other = await onEveryEdge('www.settings.test', '/q.jpg?v=2&x=3');
    expect(other.map((a) => a.headers['x-cache-status'])).toEqual(['HIT', 'HIT']);
    expect(other.map((a) => a.body)).toEqual(first.map((a) => a.body));
  });

  it('adds the customer’s response header', async () => {
    const answers = await onEveryEdge('www.settings.test', '/img/a.jpg');
    expect(answers.map((a) => a.headers['x-edge-test'])).toEqual(['on', 'on']);
  });

  it('sends the customer’s request header to the origin, exactly as written', async () => {
    const answers = await onEveryEdge('www.settings.test', '/echo');
    for (const answer of answers)
      expect(JSON.parse(answer.body)).toMatchObject({ 'x-from-edge': 'hello "origin" $1' });
  });

  it('serves the custom 404 page for an origin 404', async () => {
    const answers = await onEveryEdge('www.settings.test', '/missing/page');
    expect(answers.map((a) => a.status)).toEqual([404, 404]);
    expect(answers.map((a) => a.body)).toEqual(['<h1>Nimbus 404</h1>', '<h1>Nimbus 404</h1>']);
  });

  it('serves brotli to a visitor who asks for it, gzip or plain to others', async () => {
    const br = await onEveryEdge('www.settings.test', '/text/a.txt', { 'accept-encoding': 'br' });
    expect(br.map((a) => a.headers['content-encoding'])).toEqual(['br', 'br']);
    expect(br[0]!.body).toContain(LOREM);
    const plain = await onEveryEdge('www.settings.test', '/text/a.txt');
    expect(plain.map((a) => a.headers['content-encoding'])).toEqual([undefined, undefined]);
  });

  it('answers from the spare origin while the main one is down', async () => {
    const answers = await onEveryEdge('spare.settings.test', '/x');
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.split(' ')[0])).toEqual(['two', 'two']);
  });

  it('keeps a visitor on one origin with the cookie it hands out', async () => {
    for (const agent of agents) {
      const first = await get(agent.address, 'sticky.settings.test', '/s');
      const cookie = String(first.headers['set-cookie'] ?? '');
      expect(cookie).toMatch(/^edge_lb=[0-9a-f]{32}; Path=\/; HttpOnly$/);
      const value = cookie.split(';')[0]!;
      const names = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const answer = await get(agent.address, 'sticky.settings.test', `/s${i}`, { cookie: value });
        expect(answer.headers['set-cookie']).toBeUndefined();
        names.add(answer.body.split(' ')[0]!);
      }
      expect(names.size).toBe(1);
      // Without the cookie, round robin would alternate; fresh visitors still reach both origins.
      const spread = new Set<string>();
      for (let i = 0; i < 20; i++)
        spread.add((await get(agent.address, 'sticky.settings.test', '/t')).body.split(' ')[0]!);
      expect([...spread].sort()).toEqual(['one', 'two']);
    }
  });
});
