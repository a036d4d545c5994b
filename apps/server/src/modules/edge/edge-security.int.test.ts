import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  BLOCKLIST_PATHS,
  SITE_SETTINGS_PATHS,
  WAF_PATHS,
  type BlocklistEntry,
  type BlocklistStats,
  type EdgeNodeSaved,
  type Page,
  type Site,
  type WafEvent,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waiveOwnershipProof, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import {
  eventually,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../../test/support/edge-fleet';

/**
 * Issue 20 §2–§4 through two real edges: an admin's block reaches both without a reload and a
 * release serves the address again; a customer's WAF rule blocks exactly what it matches, and a
 * rule that blacklists on all nodes, or a site's rate-limit ban, makes the other edge refuse the
 * address too. Visitors are told apart by their source address on the loopback network (any
 * 127/8 address is a source).
 */
const ADDRESSES = ['127.0.0.83', '127.0.0.84'];
const HOST = 'guarded.blocklist.test';
/** Another customer's site on the same edges: what a customer's WAF rule must never close. */
const OTHER_HOST = 'neighbour.blocklist.test';
let server: TestServer;
let admin: string;
let customer: string;
let siteId: number;
const agents: Agent[] = [];
let origin: Awaited<ReturnType<typeof startOrigin>>;
let port: number;

function statusFrom(
  edge: string,
  from: string,
  { method = 'GET', path: urlPath = '/', ua = 'Mozilla/5.0', host = HOST } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: edge,
        port,
        method,
        path: urlPath,
        localAddress: from,
        headers: { host, 'user-agent': ua },
        agent: false,
        timeout: 5000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end();
  });
}

const everyEdge = (from: string, status: number) =>
  eventually(
    async () =>
      (await Promise.all(ADDRESSES.map((edge) => statusFrom(edge, from)))).every((s) => s === status),
    20_000,
    `${from} answered ${status} on both edges`,
  );

/**
 * Each edge's nginx master and its serving workers: a reload replaces them. Workers still
 * draining from the site's own publish ("shutting down") and the cache loader are left out: they
 * end by themselves.
 */
function processes(): string[] {
  return agents.map((agent) => {
    const master = fs.readFileSync(path.join(agent.dataDir, 'nginx.pid'), 'utf8').trim();
    const children = execFileSync('ps', ['--ppid', master, '-o', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('worker process') && !line.includes('shutting down'))
      .map((line) => line.trim().split(/\s+/)[0])
      .sort();
    return `${master}: ${children.join(' ')}`;
  });
}

async function call<T>(p: string, body: unknown, token = admin): Promise<T> {
  const answer = await server.call<T>('POST', p, { token, body });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['127.0.0.0/8']);
  admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin();
  port = await freePort();
  const group = await call<{ id: number }>('sys/edge/group/save', { name: 'Blocklist', isDefault: true });
  for (const [i, address] of ADDRESSES.entries()) {
    const saved = await call<EdgeNodeSaved>('sys/edge/node/save', {
      name: `blocklist-${i + 1}`,
      ipv4: `198.51.100.${83 + i}`,
      listenAddress: address,
      groupId: group.id,
    });
    agents.push(await startAgent(server, saved, address));
  }
  const created = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain: HOST, origins: [{ address: '127.0.0.1', httpPort: origin.port }], httpPorts: [port] },
  });
  expect(created.body.code, created.body.msg).toBe(1);
  siteId = created.body.data!.id;
  await server.database.db
    .insert(customers)
    .values({ username: 'neighbour', passwordHash: await hashPassword('neighbour-pass-1') });
  await waiveOwnershipProof(server, 'neighbour');
  const neighbour = await server.login('customer', { username: 'neighbour', password: 'neighbour-pass-1' });
  const other = await server.call<Site>('POST', 'app/site/domain/create', {
    token: neighbour,
    body: {
      domain: OTHER_HOST,
      origins: [{ address: '127.0.0.1', httpPort: origin.port }],
      httpPorts: [port],
    },
  });
  expect(other.body.code, other.body.msg).toBe(1);
  await everyEdge('127.0.13.1', 200);
}, 90_000);

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await origin?.close();
  await server?.close();
});

describe('the platform blocklist on the edges', () => {
  it('refuses a blocked address on every edge without a reload, and serves it again once released', async () => {
    // A managed nginx runs 2 workers: more means the site's publish is still handing over.
    const before = await eventually(async () => {
      const now = processes();
      return now.every((line) => line.split(' ').length === 3) && now;
    });
    await call(BLOCKLIST_PATHS.block, {
      addresses: '127.0.13.5\n127.0.14.0/24',
      durationMinutes: 0,
      reason: 'scanner',
    });
    await everyEdge('127.0.13.5', 403);
    await everyEdge('127.0.14.200', 403);
    expect(await statusFrom(ADDRESSES[0]!, '127.0.13.6')).toBe(200);

    const page = await call<{ list: { id: number; range: string }[] }>(BLOCKLIST_PATHS.list, {
      state: 'active',
    });
    const single = page.list.find((entry) => entry.range === '127.0.13.5')!;
    await call(BLOCKLIST_PATHS.release, { ids: [single.id] });
    await everyEdge('127.0.13.5', 200);
    expect(await statusFrom(ADDRESSES[1]!, '127.0.14.200')).toBe(403);
    expect(processes()).toEqual(before);
  });

  it('counts what the edges refused in the statistics', async () => {
    for (const edge of ADDRESSES) expect(await statusFrom(edge, '127.0.14.9')).toBe(403);
    const stats = await eventually(
      async () => {
        const answer = await call<BlocklistStats>(BLOCKLIST_PATHS.stats, { hours: 1 });
        const top = answer.topAddresses.find((row) => row.range === '127.0.14.0/24');
        return top && top.count >= 2 ? answer : undefined;
      },
      45_000,
      'the block counts reported',
    );
    expect(stats.byReason).toContainEqual(expect.objectContaining({ reason: 'scanner', source: 'admin' }));
  });
});

describe('a customer’s WAF rules on the edges', () => {
  it('block exactly the request matching all three conditions, on both edges, without a reload', async () => {
    const before = processes();
    await call(
      WAF_PATHS.save,
      {
        siteId,
        action: 'intercept',
        conditions: [
          { target: 'path', operator: 'prefix', value: '/admin' },
          { target: 'method', operator: 'equals', value: 'POST|PUT' },
          { target: 'ua', operator: 'contains', value: 'curl' },
        ],
      },
      customer,
    );
    const hit = { method: 'POST', path: '/admin/users', ua: 'curl/8.0' };
    await eventually(
      async () =>
        (await Promise.all(ADDRESSES.map((e) => statusFrom(e, '127.0.15.1', hit)))).every((s) => s === 403),
      20_000,
      'the rule on both edges',
    );
    for (const nearMiss of [{ method: 'GET' }, { path: '/public' }, { ua: 'Mozilla/5.0' }])
      expect(await statusFrom(ADDRESSES[0]!, '127.0.15.1', { ...hit, ...nearMiss })).not.toBe(403);
    expect(processes()).toEqual(before);
    const events = await eventually(async () => {
      const page = await call<Page<WafEvent>>(WAF_PATHS.events, { siteId }, customer);
      return page.list.length > 0 && page.list;
    }, 40_000);
    expect(events[0]).toMatchObject({
      action: 'intercept',
      clientIp: '127.0.15.1',
      request: 'POST /admin/users HTTP/1.1',
    });
  });

  it('blacklist on all nodes: the other edge refuses the address too, on the rule owner’s sites only', async () => {
    await call(
      WAF_PATHS.save,
      {
        siteId,
        action: 'blacklist-all',
        seconds: 600,
        conditions: [{ target: 'path', operator: 'equals', value: '/wp-login.php' }],
      },
      customer,
    );
    await eventually(
      async () => (await statusFrom(ADDRESSES[0]!, '127.0.16.1', { path: '/wp-login.php' })) === 403,
      20_000,
      'the rule on the first edge',
    );
    await eventually(
      async () => (await statusFrom(ADDRESSES[1]!, '127.0.16.1')) === 403,
      40_000,
      'the second edge',
    );
    // Another customer's site on the same edges still serves the address: a customer's rule
    // never closes another tenant's sites.
    for (const edge of ADDRESSES)
      expect(await statusFrom(edge, '127.0.16.1', { host: OTHER_HOST })).toBe(200);
    const page = await call<{ list: BlocklistEntry[] }>(BLOCKLIST_PATHS.list, { keyword: '127.0.16.1' });
    expect(page.list[0]).toMatchObject({
      range: '127.0.16.1',
      source: 'waf',
      siteId,
      customerName: 'demo',
      state: 'active',
    });
  });
});

describe('a site’s rate-limit ban', () => {
  it('holds on the other edge too, for that site, on the blocklist until an admin releases it everywhere', async () => {
    const rule = { path: '/burst', rate: 1, unit: 'minute', action: 'ban', banSeconds: 600 };
    await call(
      SITE_SETTINGS_PATHS.save,
      { id: siteId, section: 'businessSecure', value: { rateLimits: [rule] } },
      customer,
    );
    // One request a minute: the second one on the first edge is over the rate and banned.
    await eventually(
      async () => (await statusFrom(ADDRESSES[0]!, '127.0.17.1', { path: '/burst' })) === 403,
      30_000,
      'the ban on the first edge',
    );
    // The other edge refuses the address on every path of the site, through the blocklist.
    await eventually(
      async () => (await statusFrom(ADDRESSES[1]!, '127.0.17.1')) === 403,
      40_000,
      'the second edge',
    );
    for (const edge of ADDRESSES)
      expect(await statusFrom(edge, '127.0.17.1', { host: OTHER_HOST })).toBe(200);
    const [entry] = (await call<{ list: BlocklistEntry[] }>(BLOCKLIST_PATHS.list, { keyword: '127.0.17.1' }))
      .list;
    expect(entry).toMatchObject({ source: 'rate-limit', siteId, siteOnly: true, state: 'active' });
    const secondsLeft = (Date.parse(entry!.expireTime!) - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(500);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    // Released: both edges serve it again, the first one's own ban lifted too.
    await call(BLOCKLIST_PATHS.release, { ids: [entry!.id] });
    await everyEdge('127.0.17.1', 200);
  });
});
