import http from 'node:http';
import net from 'node:net';
import {
  edgeCacheKey,
  type EdgeNodeSaved,
  type PurgeSubmitted,
  type PurgeTaskDetail,
  type Site,
  type StreamRule,
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
 * A hostile customer against a real edge whose admin allowed loopback origins (the one-machine
 * trial): sites and stream rules pointed at the agent's control server, and preheat URLs that
 * name a port of the node. None reaches the node's internals or learns which ports answer.
 */
const ADDRESS = '127.0.0.81';
let server: TestServer;
let customer: string;
let agent: Agent;
let origin: Awaited<ReturnType<typeof startOrigin>>;

/** A GET with extra headers to the edge, as a visitor would send it. */
function visit(port: number, host: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; cache?: string }>((resolve, reject) => {
    const request = http.request(
      { host: ADDRESS, port, path, headers: { host, ...headers }, agent: false, timeout: 5000 },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            cache: response.headers['x-cache-status'] as string | undefined,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function createSite(domain: string, originPort: number, port: number): Promise<Site> {
  const created = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain, origins: [{ address: '127.0.0.1', httpPort: originPort }], httpPorts: [port] },
  });
  expect(created.body.code, created.body.msg).toBe(1);
  const site = created.body.data!;
  await eventually(
    async () =>
      (await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id: site.id } }))
        .body.data!.config.applied === 1,
    20_000,
    `${domain} applied`,
  );
  return site;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['127.0.0.0/8']);
  const admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Internals', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: {
      name: 'internals-1',
      ipv4: '198.51.100.81',
      listenAddress: ADDRESS,
      groupId: group.body.data!.id,
    },
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
}, 60_000);

afterAll(async () => {
  await stopAgent(agent);
  await origin?.close();
  await server?.close();
});

describe('the edge’s own services stay out of customers’ reach', () => {
  it('a site whose origin is the control port gets neither status, version nor purge', async () => {
    const port = await freePort();
    const victim = await createSite('cache.internals.test', origin.port, port);
    await createSite('spy.internals.test', agent.controlPort, port);
    await visit(port, 'cache.internals.test', '/page');
    expect((await visit(port, 'cache.internals.test', '/page')).cache).toBe('HIT');

    const status = await visit(port, 'spy.internals.test', '/nimbus/status');
    const version = await visit(port, 'spy.internals.test', '/nimbus/version');
    const purge = await visit(port, 'spy.internals.test', '/purge/x', {
      'X-Nimbus-Purge-Key': edgeCacheKey(victim.id, 'cache.internals.test', '/page'),
    });
    expect([status.status, version.status, purge.status]).toEqual([404, 404, 404]);
    expect(status.body).not.toContain('Active connections');
    expect((await visit(port, 'cache.internals.test', '/page')).cache).toBe('HIT');
  });

  it('a stream rule forwarding to the control port gets nothing from it', async () => {
    const listenPort = await freePort();
    const saved = await server.call<StreamRule>('POST', 'app/stream/save', {
      token: customer,
      body: { listenPort, origins: [{ address: '127.0.0.1', port: agent.controlPort }] },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const answer = await eventually(
      async () => {
        const text = await rawHttp(listenPort, 'GET /nimbus/status HTTP/1.0\r\nHost: x\r\n\r\n');
        return text.startsWith('HTTP/') && text;
      },
      20_000,
      'the rule forwarding',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).not.toContain('Active connections');
  });

  it('preheat goes to the site’s own port whatever port the URL names, and never reports socket errors', async () => {
    const port = await freePort();
    await createSite('warm.internals.test', origin.port, port);
    const closed = await freePort(ADDRESS);
    const submitted = await server.call<PurgeSubmitted>('POST', 'app/site/cache/submit', {
      token: customer,
      body: {
        kind: 'preheat',
        entries: [`http://warm.internals.test:${closed}/a`, `http://warm.internals.test:22/b`].join('\n'),
      },
    });
    expect(submitted.body.code, submitted.body.msg).toBe(1);
    const id = submitted.body.data!.task.id;
    const task = await eventually(
      async () => {
        const detail = (
          await server.call<PurgeTaskDetail>('GET', 'app/site/cache/task/info', {
            token: customer,
            query: { id },
          })
        ).body.data!;
        return detail.state !== 'running' && detail;
      },
      20_000,
      'the preheat task',
    );
    expect(task.nodes.map((n) => n.error).join(' ')).not.toMatch(/ECONN|EHOST|connect|timed out/);
    expect(task).toMatchObject({ state: 'done', nodeDone: 1 });
    expect((await fetchEdge(`http://warm.internals.test:${port}/a`, ADDRESS)).cache).toBe('HIT');
  });
});

/** Sends raw bytes to the edge's port and reads until the far end closes. */
function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: ADDRESS, port }, () => socket.write(text));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy(new Error('timeout')));
  });
}
