import type { EdgeBundle, EdgeNodeSaved, EdgeWait, Site } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';

/**
 * The console side of the pipeline over real HTTP, with the test playing the agent: a change
 * becomes a version for the node, the node's report drives the site's state.
 */
let server: TestServer;
let admin: string;
let customer: string;
let node: EdgeNodeSaved;

async function edge<T>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/edge/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

async function waitForVersion(token: string, after: number): Promise<number> {
  const answer = await edge<EdgeWait>('GET', `wait?version=${after}&timeout=10`, token);
  return answer.data.latestVersion;
}

const siteBody = {
  domain: 'www.pipeline.test',
  origins: [{ address: '127.0.0.1', httpPort: 8081 }],
  httpPorts: [18080],
};

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  admin = await server.login('admin');
  customer = await server.login('customer');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Main', remark: 'test', isDefault: true },
  });
  node = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: {
        name: 'edge-1',
        ipv4: '203.0.113.10',
        listenAddress: '127.0.0.41',
        groupId: group.body.data!.id,
      },
    })
  ).body.data!;
});
afterAll(() => server.close());

describe('edge publish', () => {
  it('shows a new node token once, with an install command carrying it', () => {
    expect(node.token).toMatch(/^edge_/);
    expect(node.installCommand).toContain(node.token);
    expect(node.installCommand).toContain(`${server.baseUrl}/api/edge/v1/install.sh`);
  });

  it('refuses the edge API without a valid node token', async () => {
    expect((await edge('GET', 'wait?timeout=0', 'nope')).code).toBe(401);
    const customerToken = await edge('GET', 'wait?timeout=0', customer);
    expect(customerToken.code).toBe(401);
  });

  it('publishes a created site to the node and follows its report from pending to applied', async () => {
    const token = node.token!;
    const first = await waitForVersion(token, 0);
    const created = await server.call<Site>('POST', 'app/site/domain/create', {
      token: customer,
      body: siteBody,
    });
    expect(created.body.code).toBe(1);
    expect(created.body.data!.config).toMatchObject({ total: 1, pending: 1, applied: 0 });

    const version = await waitForVersion(token, first);
    expect(version).toBeGreaterThan(first);
    const bundle = (await edge<EdgeBundle>('GET', `bundle?version=${version}`, token)).data;
    const text = bundle.files.map((f) => f.content).join('\n');
    expect(text).toContain('www.pipeline.test');
    expect(text).toContain('127.0.0.41:18080');

    expect((await edge('POST', 'report', token, { version, state: 'applied' })).code).toBe(1);
    const info = await server.call<Site>('GET', 'app/site/domain/info', {
      token: customer,
      query: { id: created.body.data!.id },
    });
    expect(info.body.data!.config).toMatchObject({ total: 1, applied: 1, pending: 0, failed: 0 });
  });

  it('shows a refused version as failed on the site and the node, nginx’s error to admins and to the owner of the item it names only', async () => {
    const token = node.token!;
    const list = await server.call<{ list: Site[] }>('POST', 'app/site/domain/list', {
      token: customer,
      body: {},
    });
    const site = list.body.data!.list[0]!;
    const before = await waitForVersion(token, 0);
    await server.call('POST', 'app/site/domain/update', {
      token: customer,
      body: { ...siteBody, id: site.id, domain: undefined, origins: [{ address: 'origin.pipeline.test' }] },
    });
    const version = await waitForVersion(token, before);
    const error = 'nginx: [emerg] host not found in upstream "origin.pipeline.test"';
    await edge('POST', 'report', token, { version, state: 'failed', error });

    const info = await server.call<Site>('GET', 'app/site/domain/info', {
      token: customer,
      query: { id: site.id },
    });
    // Refused whole: the error is about the node (it may name other tenants), admins see it.
    expect(info.body.data!.config).toMatchObject({ failed: 1, failures: [{ node: 'edge-1', error: '' }] });
    const nodes = () =>
      server.call<{ list: { applyState: string; lastError: string }[] }>('POST', 'sys/edge/node/list', {
        token: admin,
        body: {},
      });
    expect((await nodes()).body.data!.list[0]).toMatchObject({ applyState: 'failed', lastError: error });

    // Applied without that site (ADR 0031): the site alone is failed, with the error about it.
    const own = `${error} in sites/${site.id}.conf:2`;
    await edge('POST', 'report', token, {
      version,
      state: 'applied',
      error: `site ${site.id}: ${own}`,
      failures: [{ kind: 'site', id: site.id, error: own }],
    });
    const after = await server.call<Site>('GET', 'app/site/domain/info', {
      token: customer,
      query: { id: site.id },
    });
    expect(after.body.data!.config).toMatchObject({ applied: 0, failed: 1, failures: [{ error: own }] });
    expect((await nodes()).body.data!.list[0]).toMatchObject({
      applyState: 'applied',
      lastError: `site ${site.id}: ${own}`,
    });
  });

  it('answers 404 for another customer’s site', async () => {
    const list = await server.call<{ list: Site[] }>('POST', 'app/site/domain/list', {
      token: customer,
      body: {},
    });
    const id = list.body.data!.list[0]!.id;
    const otherToken = await registerOtherCustomer();
    const answer = await server.call('GET', 'app/site/domain/info', { token: otherToken, query: { id } });
    expect(answer.body.code).toBe(404);
    const taken = await server.call('POST', 'app/site/domain/create', { token: otherToken, body: siteBody });
    expect(taken.body.code).toBe(409);
  });

  it('counts each group’s nodes per line and its sites', async () => {
    const groups = await server.call<{ list: unknown[] }>('POST', 'sys/edge/group/list', {
      token: admin,
      body: {},
    });
    expect(groups.body.data!.list).toMatchObject([
      { name: 'Main', isDefault: true, nodeCount: 1, lines: { main: 1, backup: 0 }, siteCount: 1 },
    ]);
  });

  it('shows the probe token and import URL beside code, and only that token reads the node list', async () => {
    const shown = await server.call('GET', 'sys/cdnsys/auth/check/key/show', { token: admin });
    expect(shown.body).toMatchObject({ code: 1, token: expect.stringMatching(/^probe_/) });
    expect(shown.body.importUrl).toBe(`${server.baseUrl}/api/edge/v1/probe/nodes`);
    const again = await server.call('GET', 'sys/cdnsys/auth/check/key/show', { token: admin });
    expect(again.body.token).toBe(shown.body.token);
    const nodes = await edge<{ name: string; line: string }[]>(
      'GET',
      'probe/nodes',
      shown.body.token as string,
    );
    expect(nodes.data).toMatchObject([{ name: 'edge-1', ipv4: '203.0.113.10', line: 'main', group: 'Main' }]);
    expect((await edge('GET', 'probe/nodes', node.token!)).code).toBe(401);
    expect((await server.call('GET', 'sys/cdnsys/auth/check/key/show', { token: customer })).body.code).toBe(
      403,
    );
  });

  it('cuts the old agent off when the token is rotated', async () => {
    const rotated = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/token', {
      token: admin,
      body: { id: node.node.id },
    });
    expect((await edge('GET', 'wait?timeout=0', node.token!)).code).toBe(401);
    expect((await edge('GET', 'wait?timeout=0', rotated.body.data!.token!)).code).toBe(1);
  });
});

async function registerOtherCustomer(): Promise<string> {
  const credentials = { username: 'other-customer', password: 'other-pass-1' };
  await server.database.db
    .insert(customers)
    .values({ username: credentials.username, passwordHash: await hashPassword(credentials.password) });
  return server.login('customer', credentials);
}
