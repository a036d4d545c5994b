import net from 'node:net';
import type { EdgeNode, EdgeNodeSaved, Page, Site, StreamRule } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

/** A bad version never takes a node down, and a killed agent converges when it comes back. */
let server: TestServer;
let admin: string;
let customer: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let port: number;
let site: Site;
let rule: StreamRule;

const url = (p: string) => `http://www.fail.test:${port}${p}`;
const state = async () =>
  (await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id: site.id } })).body
    .data!.config;
const update = (origins: object[]) =>
  server.call<Site>('POST', 'app/site/domain/update', {
    token: customer,
    body: { id: site.id, origins, httpPorts: [port] },
  });

const saveRule = (over: { id?: number; listenPort: number }) =>
  server.call<StreamRule>('POST', 'app/stream/save', {
    token: customer,
    body: { name: 'fail', protocol: 'tcp', origins: [{ address: '127.0.0.1', port: origin.port }], ...over },
  });
const ruleState = async () =>
  (
    await server.call<Page<StreamRule>>('POST', 'app/stream/list', { token: customer, body: {} })
  ).body.data!.list.find((r) => r.id === rule.id)!.config;

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin('first');
  port = await freePort();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'F', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'fail-1', ipv4: '198.51.100.9', listenAddress: '127.0.0.55', groupId: group.body.data!.id },
  });
  agent = await startAgent(server, saved.body.data!, '127.0.0.55');
  site = (
    await server.call<Site>('POST', 'app/site/domain/create', {
      token: customer,
      body: {
        domain: 'www.fail.test',
        origins: [{ address: '127.0.0.1', httpPort: origin.port }],
        httpPorts: [port],
      },
    })
  ).body.data!;
  await eventually(async () => (await state()).applied === 1, 20_000, 'first version applied');
}, 60_000);

afterAll(async () => {
  await stopAgent(agent);
  await origin?.close();
  await server?.close();
});

describe('edge failures', () => {
  // A site's origin name that does not resolve no longer fails a load (the agent resolves it,
  // ADR 0030): a port another process holds on the node is what nginx refuses here.
  it('leaves out the item nginx refuses, applies the rest of the version, and shows nginx’s error', async () => {
    const taken = await freePort('127.0.0.55');
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.55', resolve));
    onTestFinished(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const saved = await saveRule({ listenPort: taken });
    expect(saved.body.code, saved.body.msg).toBe(1);
    rule = saved.body.data!;
    const failed = await eventually(
      async () => {
        const s = await ruleState();
        return s.failed === 1 && s;
      },
      20_000,
      'failed state',
    );
    expect(failed.failures[0]!.node).toBe('fail-1');
    expect(failed.failures[0]!.error).toMatch(
      new RegExp(`^nginx: \\[emerg\\] bind\\(\\) to 127\\.0\\.0\\.55:${taken} failed`),
    );
    // Only this rule was left out (ADR 0031): the node applied the rest of the version.
    expect(await state()).toMatchObject({ applied: 1, failed: 0 });
    const nodes = await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', { token: admin, body: {} });
    expect(nodes.body.data!.list[0]).toMatchObject({ applyState: 'applied', online: true });
    expect(nodes.body.data!.list[0]!.lastError).toMatch(
      new RegExp(`^stream ${rule.id}: nginx: \\[emerg\\] bind\\(\\) to`),
    );
    const answer = await fetchEdge(url('/still.html'), agent.address);
    expect(answer).toMatchObject({ status: 200, body: expect.stringMatching(/^first /) });
  });

  it('recovers with the next good change', async () => {
    const saved = await saveRule({ id: rule.id, listenPort: await freePort('127.0.0.55') });
    expect(saved.body.code, saved.body.msg).toBe(1);
    await eventually(async () => (await ruleState()).applied === 1, 20_000, 'applied again');
    const nodes = await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', { token: admin, body: {} });
    expect(nodes.body.data!.list[0]).toMatchObject({ applyState: 'applied', lastError: '' });
  });

  it('converges after kill -9 in the middle of applying', async () => {
    const second = await startOrigin('second');
    try {
      await update([{ address: '127.0.0.1', httpPort: second.port }]);
      // The agent is killed while it learns of, stages or applies the new version.
      await new Promise((resolve) => setTimeout(resolve, 30));
      await agent.kill('SIGKILL');
      agent.start();
      await eventually(async () => (await state()).applied === 1, 30_000, 'converged after restart');
      const answer = await fetchEdge(url('/after-crash.html'), agent.address);
      expect(answer.body).toMatch(/^second /);
    } finally {
      await second.close();
    }
  });
});
