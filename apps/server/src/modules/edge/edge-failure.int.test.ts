import type { EdgeNode, EdgeNodeSaved, Page, Site } from '@nimbus/contract';
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

/** A bad version never takes a node down, and a killed agent converges when it comes back. */
let server: TestServer;
let admin: string;
let customer: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let port: number;
let site: Site;

const url = (p: string) => `http://www.fail.test:${port}${p}`;
const state = async () =>
  (await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id: site.id } })).body
    .data!.config;
const update = (origins: object[]) =>
  server.call<Site>('POST', 'app/site/domain/update', {
    token: customer,
    body: { id: site.id, origins, httpPorts: [port] },
  });

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
  it('keeps serving the site’s last good config when nginx refuses its change, and shows nginx’s error', async () => {
    await update([{ address: 'no-such-origin.invalid' }]);
    const failed = await eventually(
      async () => {
        const s = await state();
        return s.failed === 1 && s;
      },
      20_000,
      'failed state',
    );
    expect(failed.failures[0]!.node).toBe('fail-1');
    expect(failed.failures[0]!.error).toMatch(
      /^nginx: \[emerg\] host not found in upstream "no-such-origin\.invalid/,
    );
    // Only this site was left out (ADR 0031): the node applied the rest of the version.
    const nodes = await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', { token: admin, body: {} });
    expect(nodes.body.data!.list[0]).toMatchObject({ applyState: 'applied', online: true });
    expect(nodes.body.data!.list[0]!.lastError).toMatch(
      new RegExp(`^site ${site.id}: nginx: \\[emerg\\] host not found`),
    );
    const answer = await fetchEdge(url('/still.html'), agent.address);
    expect(answer).toMatchObject({ status: 200, body: expect.stringMatching(/^first /) });
  });

  it('recovers with the next good change', async () => {
    await update([{ address: '127.0.0.1', httpPort: origin.port }]);
    await eventually(async () => (await state()).applied === 1, 20_000, 'applied again');
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
