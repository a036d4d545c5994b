import type { ConfigRecord, EdgeNodeSaved, Site } from '@nimbus/contract';
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

/*
 * Origins reach the node only as addresses its agent resolved and the allow-list permits
 * (ADR 0030): a site saved while the admin allowed loopback stops reaching it once the allow-list
 * no longer does (as a row saved before the console checked origins), and an origin name that
 * does not resolve leaves its own site answering 502 instead of failing the node's version.
 */
const ADDRESS = '127.0.0.65';
let server: TestServer;
let admin: string;
let customer: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let port: number;
let loopback: Site;

const info = async (id: number) =>
  (await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id } })).body.data!;
const createSite = async (domain: string, address: string) => {
  const answer = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain, origins: [{ address, httpPort: origin.port }], httpPorts: [port] },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
// A new path each time: the sites cache, and a cached answer would hide where the origin is.
let request = 0;
const statusOf = async (domain: string) =>
  (await fetchEdge(`http://${domain}:${port}/x${++request}`, ADDRESS)).status;
const allow = async (allowRanges: string[]) => {
  const answer = await server.call('POST', 'sys/edge/origin-policy/save', {
    token: admin,
    body: { allowRanges: allowRanges.join('\n') },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin('first');
  port = await freePort();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Filter', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'filter-1', ipv4: '198.51.100.65', listenAddress: ADDRESS, groupId: group.body.data!.id },
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
  await allow(['127.0.0.0/8']);
  loopback = await createSite('www.loopback.test', '127.0.0.1');
  await eventually(async () => (await info(loopback.id)).config.applied === 1, 20_000, 'site applied');
}, 60_000);

afterAll(async () => {
  await stopAgent(agent);
  await origin?.close();
  await server?.close();
});

describe('origin addresses on the node', () => {
  it('stops using a saved origin as soon as the allow-list no longer permits its range', async () => {
    expect(await statusOf('www.loopback.test')).toBe(200);
    await allow(['10.0.0.0/8']);
    await eventually(
      async () => (await statusOf('www.loopback.test')) === 502,
      20_000,
      '502 without the allow-list',
    );
    const hits = [...origin.hits.values()].reduce((a, b) => a + b, 0);
    expect(await statusOf('www.loopback.test')).toBe(502);
    expect([...origin.hits.values()].reduce((a, b) => a + b, 0)).toBe(hits);
    // The raw config row is the same allow-list: editing it there reaches the nodes too.
    const row = await server.call<ConfigRecord>('GET', 'sys/config/info2/ORIGIN_ALLOW_KEY', { token: admin });
    const updated = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: {
        id: row.body.data!.id,
        paramKey: 'ORIGIN_ALLOW_KEY',
        paramValue: JSON.stringify({ allowRanges: ['127.0.0.0/8'] }),
      },
    });
    expect(updated.body.code, updated.body.msg).toBe(1);
    await eventually(async () => (await statusOf('www.loopback.test')) === 200, 20_000, 'allowed again');
  });

  it('applies a site whose origin name does not resolve: it answers 502, the others serve', async () => {
    const gone = await createSite('www.gone.test', 'no-such-origin.invalid');
    const state = await eventually(
      async () => {
        const config = (await info(gone.id)).config;
        return (config.applied === 1 || config.failed === 1) && config;
      },
      20_000,
      'the new site applied or failed',
    );
    expect(state).toMatchObject({ applied: 1, failed: 0 });
    expect(await statusOf('www.gone.test')).toBe(502);
    expect(await statusOf('www.loopback.test')).toBe(200);
  });
});
