import type { EdgeNode, EdgeNodeSaved, Page, PurgeTaskDetail, PurgeSubmitted, Site } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  eventually,
  fetchEdge,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../../test/support/edge-fleet';

/**
 * The whole data plane on one machine: the console, two agents each with its own nginx on
 * 127.0.0.51 and .52, and an origin. A site saved through the API is served by both edges,
 * cached, and purged.
 */
const ADDRESSES = ['127.0.0.51', '127.0.0.52'];
let server: TestServer;
let admin: string;
let customer: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
const agents: Agent[] = [];
let port: number;
let site: Site;

const url = (p: string) => `http://www.serve.test:${port}${p}`;
const onEveryEdge = (p: string) => Promise.all(agents.map((a) => fetchEdge(url(p), a.address)));

async function siteState(id: number) {
  return (await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id } })).body
    .data!.config;
}

async function purge(kind: string, entries: string[]): Promise<PurgeTaskDetail> {
  const submitted = await server.call<PurgeSubmitted>('POST', 'app/site/cache/submit', {
    token: customer,
    body: { kind, entries: entries.join('\n') },
  });
  expect(submitted.body.code, submitted.body.msg).toBe(1);
  const id = submitted.body.data!.task.id;
  return eventually(
    async () => {
      const task = (
        await server.call<PurgeTaskDetail>('GET', 'app/site/cache/task/info', {
          token: customer,
          query: { id },
        })
      ).body.data!;
      return task.state !== 'running' && task;
    },
    20_000,
    `purge task ${id}`,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin();
  port = await freePort();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Serve', isDefault: true },
  });
  for (const [i, address] of ADDRESSES.entries()) {
    const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: {
        name: `serve-${i + 1}`,
        ipv4: `198.51.100.${i + 1}`,
        listenAddress: address,
        groupId: group.body.data!.id,
      },
    });
    agents.push(await startAgent(server, saved.body.data!, address));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await origin?.close();
  await server?.close();
});

describe('edge data plane', () => {
  it('brings both nodes online with their nginx version', async () => {
    const nodes = await eventually(
      async () => {
        const list = await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', {
          token: admin,
          body: {},
        });
        const all = list.body.data!.list;
        return all.every((n) => n.online && n.nginxVersion !== '') && all;
      },
      20_000,
      'heartbeats',
    );
    expect(nodes.map((n) => n.nginxVersion)).toEqual([
      expect.stringMatching(/^1\./),
      expect.stringMatching(/^1\./),
    ]);
  });

  it('serves a site created through the API on every edge, then from cache', async () => {
    const created = await server.call<Site>('POST', 'app/site/domain/create', {
      token: customer,
      body: {
        domain: 'www.serve.test',
        origins: [{ address: '127.0.0.1', httpPort: origin.port }],
        httpPorts: [port],
      },
    });
    expect(created.body.code, created.body.msg).toBe(1);
    site = created.body.data!;
    await eventually(async () => (await siteState(site.id)).applied === 2, 20_000, 'applied on 2/2');

    const first = await onEveryEdge('/index.html');
    expect(first.map((a) => a.status)).toEqual([200, 200]);
    expect(first[0]!.body).toMatch(/^origin \/index.html \d$/);
    const again = await onEveryEdge('/index.html');
    expect(again.map((a) => a.cache)).toEqual(['HIT', 'HIT']);
    expect(again.map((a) => a.body)).toEqual(first.map((a) => a.body));
  });

  it('purges a URL: the next request on every edge is a miss with the origin’s new body', async () => {
    const before = await onEveryEdge('/index.html');
    const task = await purge('url', [url('/index.html')]);
    expect(task).toMatchObject({ state: 'done', nodeTotal: 2, nodeDone: 2 });
    const after = await onEveryEdge('/index.html');
    expect(after.map((a) => a.cache)).toEqual(['MISS', 'MISS']);
    expect(after.map((a) => a.body)).not.toEqual(before.map((a) => a.body));
  });

  it('purges a directory and nothing outside it', async () => {
    await onEveryEdge('/static/a.css');
    await onEveryEdge('/static/b.js');
    await onEveryEdge('/other.txt');
    expect((await onEveryEdge('/static/a.css')).map((a) => a.cache)).toEqual(['HIT', 'HIT']);
    await purge('dir', [url('/static/')]);
    expect((await onEveryEdge('/static/a.css')).map((a) => a.cache)).toEqual(['MISS', 'MISS']);
    expect((await onEveryEdge('/static/b.js')).map((a) => a.cache)).toEqual(['MISS', 'MISS']);
    expect((await onEveryEdge('/other.txt')).map((a) => a.cache)).toEqual(['HIT', 'HIT']);
  });

  it('purges by file type, and the whole site', async () => {
    await onEveryEdge('/img/a.jpg');
    await onEveryEdge('/img/b.png');
    await purge('type', [url('/img/*.jpg')]);
    expect((await onEveryEdge('/img/a.jpg')).map((a) => a.cache)).toEqual(['MISS', 'MISS']);
    expect((await onEveryEdge('/img/b.png')).map((a) => a.cache)).toEqual(['HIT', 'HIT']);
    await purge('site', [url('/')]);
    expect((await onEveryEdge('/img/b.png')).map((a) => a.cache)).toEqual(['MISS', 'MISS']);
    expect((await onEveryEdge('/other.txt')).map((a) => a.cache)).toEqual(['MISS', 'MISS']);
  });

  it('preheats a URL into every edge’s cache', async () => {
    await purge('preheat', [url('/warm.html')]);
    expect((await onEveryEdge('/warm.html')).map((a) => a.cache)).toEqual(['HIT', 'HIT']);
  });

  it('stops serving a disabled site on every edge', async () => {
    await server.call('POST', 'app/site/domain/status', {
      token: customer,
      body: { ids: [site.id], action: 'disable' },
    });
    await eventually(async () => (await siteState(site.id)).applied === 2, 20_000, 'disable applied');
    const answers = await Promise.all(
      agents.map((a) => fetchEdge(url('/index.html'), a.address).catch(() => undefined)),
    );
    expect(answers.every((a) => a === undefined || a.status !== 200)).toBe(true);
  });
});
