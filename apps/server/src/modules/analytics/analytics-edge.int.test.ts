import {
  ANALYTICS_PATHS,
  type EdgeNodeSaved,
  type Page,
  type RequestLogRow,
  type Site,
  type TopList,
  type TrafficSeries,
} from '@nimbus/contract';
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
 * Issue 19 §5 through two real edges: requests served by each edge's nginx reach the traffic
 * chart, the top lists and the request log exactly — also when an agent is killed with -9 while
 * lines wait to be shipped, and started again, and when the console restarts meanwhile.
 */
const ADDRESSES = ['127.0.0.111', '127.0.0.112'];
const HOST = 'counted.analytics.test';
let server: TestServer;
let customer: string;
let siteId: number;
let port: number;
const agents: Agent[] = [];
let origin: Awaited<ReturnType<typeof startOrigin>>;
const started = Date.now() - 60_000;

const range = () => ({
  siteIds: [siteId],
  startTime: new Date(started).toISOString(),
  endTime: new Date(Date.now() + 60_000).toISOString(),
});
async function query<T>(path: string, body: object): Promise<T> {
  const answer = await server.call<T>('POST', path, { token: customer, body: { ...range(), ...body } });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
}
const totals = async () => (await query<TrafficSeries>(ANALYTICS_PATHS.traffic, { interval: '1m' })).totals;

async function send(edge: string, paths: string[]) {
  for (const path of paths) {
    const answer = await fetchEdge(`http://${HOST}:${port}${path}`, edge);
    expect(answer.status).toBe(200);
  }
}
/** Waits until the console has counted `requests` for the site, and answers the totals then. */
const counted = (requests: number) =>
  eventually(
    async () => {
      const now = await totals();
      if (now.requests > requests) throw new Error(`${now.requests} counted`);
      return now.requests === requests && now;
    },
    30_000,
    `${requests} requests counted`,
  );

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['127.0.0.0/8']);
  const admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin();
  port = await freePort();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Analytics', isDefault: true },
  });
  for (const [i, address] of ADDRESSES.entries()) {
    const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: {
        name: `stats-${i + 1}`,
        ipv4: `198.51.100.${111 + i}`,
        listenAddress: address,
        groupId: group.body.data!.id,
      },
    });
    agents.push(await startAgent(server, saved.body.data!, address));
  }
  const created = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain: HOST, origins: [{ address: '127.0.0.1', httpPort: origin.port }], httpPorts: [port] },
  });
  expect(created.body.code, created.body.msg).toBe(1);
  siteId = created.body.data!.id;
  // Each edge asked until it serves the site: the answers before that came from its catch-all
  // server, which logs nothing, so exactly one /warm per edge is counted.
  for (const edge of ADDRESSES)
    await eventually(
      async () => (await fetchEdge(`http://${HOST}:${port}/warm`, edge)).status === 200,
      30_000,
      `the site served on ${edge}`,
    );
}, 120_000);

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await origin?.close();
  await server?.close();
});

describe('what the edges served, counted by the console', () => {
  it('shows every request of both edges in the chart, the tops and the request log', async () => {
    // Two warm-up requests (one per edge) were served before this test.
    await send(ADDRESSES[0]!, ['/a', '/a', '/a', '/b?x=1']);
    await send(ADDRESSES[1]!, ['/a', '/c']);
    const sums = await counted(2 + 6);
    expect(sums.s2xx).toBe(8);
    const log = await query<Page<RequestLogRow>>(ANALYTICS_PATHS.requests, { limit: 50 });
    expect(log.totalCount).toBe(8);
    expect(log.list.map((r) => r.uri).sort()).toEqual([
      '/a',
      '/a',
      '/a',
      '/a',
      '/b?x=1',
      '/c',
      '/warm',
      '/warm',
    ]);
    expect(new Set(log.list.map((r) => r.nodeName))).toEqual(new Set(['stats-1', 'stats-2']));
    // What the chart sums is what each logged request sent, and hits are the log's HITs.
    expect(sums.bytesOut).toBe(log.list.reduce((sum, r) => sum + r.bytesOut, 0));
    expect(sums.hits).toBe(log.list.filter((r) => r.cache === 'HIT').length);
    const urls = await query<TopList>(ANALYTICS_PATHS.top, { dimension: 'url' });
    expect(urls.rows.map((r) => [r.key, r.requests])).toEqual([
      ['/a', 4],
      ['/warm', 2],
      ['/b', 1],
      ['/c', 1],
    ]);
  });

  it('loses and doubles nothing when an agent is killed with -9 and started again', async () => {
    const before = (await totals()).requests;
    const agent = agents[0]!;
    await send(
      agent.address,
      Array.from({ length: 20 }, (_, i) => `/burst/${i}`),
    );
    await agent.kill('SIGKILL');
    // nginx (managed, left running by the kill) keeps serving and logging while no agent ships.
    await send(agent.address, ['/while-down']);
    agent.start();
    await send(agent.address, ['/after']);
    await counted(before + 22);
    // Nothing more arrives later: each line was stored once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await totals()).requests).toBe(before + 22);
  });

  it('loses and doubles nothing when the console restarts while the edges ship', async () => {
    const before = (await totals()).requests;
    await send(ADDRESSES[0]!, ['/before-restart/1', '/before-restart/2']);
    // While the console is down both edges serve, log and keep their batches for later.
    await server.restart(() =>
      send(ADDRESSES[1]!, ['/during-restart/1', '/during-restart/2', '/during-restart/3']),
    );
    await send(ADDRESSES[0]!, ['/after-restart']);
    await counted(before + 6);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await totals()).requests).toBe(before + 6);
  });
});
