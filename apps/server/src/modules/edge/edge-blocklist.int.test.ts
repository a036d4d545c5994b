import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BLOCKLIST_PATHS, type BlocklistStats, type EdgeNodeSaved, type Site } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  eventually,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../../test/support/edge-fleet';

/**
 * Issue 20 §3/§4: an admin's block reaches both edges of a group without a reload, and a release
 * serves the address again. Visitors are told apart by their source address on the loopback
 * network (any 127/8 address can be a source on Linux).
 */
const ADDRESSES = ['127.0.0.83', '127.0.0.84'];
const HOST = 'guarded.blocklist.test';
let server: TestServer;
let admin: string;
let agents: Agent[] = [];
let origin: Awaited<ReturnType<typeof startOrigin>>;
let port: number;

function statusFrom(edge: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: edge,
        port,
        path: '/',
        localAddress: from,
        headers: { host: HOST },
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
  });
}

const everyEdge = (from: string, status: number) =>
  eventually(
    async () =>
      (await Promise.all(ADDRESSES.map((edge) => statusFrom(edge, from)))).every((s) => s === status),
    20_000,
    `${from} answered ${status} on both edges`,
  );

/** Each edge's nginx master and its children: a reload replaces the children. */
function processes(): string[] {
  return agents.map((agent) => {
    const master = fs.readFileSync(path.join(agent.dataDir, 'nginx.pid'), 'utf8').trim();
    const children = execFileSync('ps', ['--ppid', master, '-o', 'pid='], { encoding: 'utf8' });
    return `${master}: ${children.split(/\s+/).filter(Boolean).sort().join(' ')}`;
  });
}

async function call<T>(p: string, body: unknown): Promise<T> {
  const answer = await server.call<T>('POST', p, { token: admin, body });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['127.0.0.0/8']);
  admin = await server.login('admin');
  const customer = await server.login('customer');
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
  await everyEdge('127.0.13.1', 200);
}, 90_000);

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await origin?.close();
  await server?.close();
});

describe('the platform blocklist on the edges', () => {
  it('refuses a blocked address on every edge without a reload, and serves it again once released', async () => {
    const before = processes();
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
