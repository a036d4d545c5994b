import { EDGE_PATHS, type EdgeNode, type EdgeNodeSaved, type Page } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/*
 * An agent whose nginx master was killed says so in its heartbeats (ADR 0032): the admin's node
 * list shows the node degraded, with the reason, apart from online and offline, until a healthy
 * beat clears it.
 */
let server: TestServer;
let admin: string;
let saved: EdgeNodeSaved;

const beat = async (degraded: object | null | undefined) => {
  const response = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.heartbeat}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${saved.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      appliedVersion: 0,
      nginxVersion: '1.22.1',
      agentVersion: '0.1.0',
      uptimeSeconds: 5,
      activeConnections: 1,
      ...(degraded === undefined ? {} : { degraded }),
    }),
  });
  expect(await response.json()).toMatchObject({ code: 1 });
};

const list = async (status?: string) =>
  (
    await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', {
      token: admin,
      body: status ? { status } : {},
    })
  ).body.data!.list;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'D', isDefault: true },
  });
  saved = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'deg-1', ipv4: '198.51.100.21', groupId: group.body.data!.id },
    })
  ).body.data!;
}, 60_000);

afterAll(() => server?.close());

describe('a degraded node in the node list', () => {
  it('shows degraded with the reason, apart from online, until a healthy beat', async () => {
    await beat({ reason: 'stale-workers', detail: 'pids 4711 4712' });
    const [node] = await list();
    expect(node).toMatchObject({
      online: true,
      degraded: { reason: 'stale-workers', detail: 'pids 4711 4712', since: expect.any(String) },
    });
    const since = node!.degraded!.since;
    expect((await list('degraded')).map((n) => n.id)).toEqual([node!.id]);
    expect(await list('online')).toEqual([]);

    // Another reason in the same episode keeps its start; a reason this console does not know
    // still counts as degraded rather than costing the heartbeat.
    await beat({ reason: 'restart-failed', detail: 'nginx: [emerg] still could not bind()' });
    expect((await list())[0]!.degraded).toEqual({
      reason: 'restart-failed',
      detail: 'nginx: [emerg] still could not bind()',
      since,
    });
    await beat({ reason: 'from-a-newer-agent', detail: '' });
    expect((await list())[0]!.degraded).toMatchObject({ reason: 'other', since });

    // Healthy again; an agent older than the field (no `degraded`) is healthy too.
    for (const healthy of [null, undefined]) {
      await beat({ reason: 'nginx-down', detail: '' });
      await beat(healthy);
      expect((await list())[0]).toMatchObject({ online: true, degraded: null });
      expect(await list('degraded')).toEqual([]);
      expect((await list('online')).map((n) => n.id)).toEqual([node!.id]);
    }
  });
});
