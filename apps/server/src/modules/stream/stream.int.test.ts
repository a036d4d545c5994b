import { eq } from 'drizzle-orm';
import type { Page, StreamRule, StreamSaveRequest } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import { enabledStreamsOfGroup } from './stream.repository';
import { streamRules } from './stream.schema';

const OTHER = { username: 'stream-other', password: 'other-pass-1' };

let server: TestServer;
let demo: string;
let other: string;
let groupId: number;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  // Forwarding rules here point at private addresses, as an operator's own network would.
  await server.allowOrigins(['10.0.0.0/8']);
  await db()
    .insert(customers)
    .values({
      username: OTHER.username,
      mail: 'stream-other@example.com',
      passwordHash: await hashPassword(OTHER.password),
    });
  demo = await server.login('customer');
  other = await server.login('customer', OTHER);
});
afterAll(() => server.close());

const rule = (patch: Partial<StreamSaveRequest> = {}): StreamSaveRequest => ({
  name: 'ssh',
  protocol: 'tcp',
  listenPort: 2222,
  origins: [{ address: '10.0.0.5', port: 22 }],
  ...patch,
});
const save = (body: unknown, token = demo, lang: 'cn' | 'en' = 'en') =>
  server.call<StreamRule>('POST', 'app/stream/save', { token, body, lang });
const list = async (body: Record<string, unknown> = {}, token = demo) => {
  const answer = await server.call<Page<StreamRule>>('POST', 'app/stream/list', { token, body });
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
};
const status = (ids: number[], action: string, token = demo) =>
  server.call<{ changed: number }>('POST', 'app/stream/status', { token, body: { ids, action }, lang: 'en' });
const groupRevision = async () =>
  (await db().select().from(edgeGroups).where(eq(edgeGroups.id, groupId)))[0]!.revision;
const created = async (patch: Partial<StreamSaveRequest>) => {
  const answer = await save(rule(patch));
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!;
};

describe('before the platform has a node group', () => {
  it('answers edge.noGroup and saves nothing', async () => {
    const answer = await save(rule());
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'The platform has no node group yet: ask the administrator to add edge nodes',
    });
    expect(await db().select().from(streamRules)).toEqual([]);
  });
});

describe('stream rules', () => {
  // The platform's node group with two enabled nodes and a disabled one, and a site of the group
  // listening on 18080 (HTTP) and 443 (its default HTTPS port).
  beforeAll(async () => {
    const [group] = await db().insert(edgeGroups).values({ name: 'Main', isDefault: true }).returning();
    groupId = group!.id;
    await db()
      .insert(edgeNodes)
      .values([
        { name: 'edge-a', ipv4: '203.0.113.1', ipv6: '2001:db8::1', groupId, tokenHash: 'stream-test-a' },
        { name: 'edge-b', ipv4: '203.0.113.2', groupId, tokenHash: 'stream-test-b' },
        { name: 'edge-off', ipv4: '203.0.113.3', groupId, enabled: false, tokenHash: 'stream-test-off' },
      ]);
    const demoId = (await db().select().from(customers).where(eq(customers.username, 'demo')))[0]!.id;
    await db()
      .insert(sites)
      .values({
        customerId: demoId,
        domain: 'www.stream-site.test',
        cnameLabel: 'streamsite',
        nodeGroupId: groupId,
        originProtocol: 'http',
        balance: 'round_robin',
        origins: [{ address: '10.0.0.1', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
        httpPorts: [18080],
      });
  });

  it('needs a customer token', async () => {
    expect((await server.call('POST', 'app/stream/list', { body: {} })).body.code).toBe(401);
    const admin = await server.login('admin');
    expect((await server.call('POST', 'app/stream/list', { token: admin, body: {} })).body.code).toBe(403);
  });

  it('creates a rule with the spec defaults; the list shows where to connect and that it is not applied yet', async () => {
    const before = await groupRevision();
    const rule1 = await created({});
    expect(rule1).toMatchObject({
      name: 'ssh',
      protocol: 'tcp',
      listenPort: 2222,
      balance: 'round_robin',
      origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
      connectTimeoutSeconds: 30,
      enabled: true,
    });
    expect(await groupRevision()).toBe(before + 1);
    const [row] = await db().select().from(streamRules).where(eq(streamRules.id, rule1.id));
    expect(row).toMatchObject({ nodeGroupId: groupId, revision: before + 1 });

    const page = await list();
    expect(page.totalCount).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: rule1.id,
      // Enabled nodes only: IPv4, and IPv6 where the node has one.
      nodeAddresses: ['203.0.113.1', '2001:db8::1', '203.0.113.2'],
      config: { total: 2, applied: 0, pending: 2, failed: 0, failures: [] },
    });
  });

  it('shows a node that applied the revision, and one that refused it whole, without its node-wide error', async () => {
    const [row] = await db().select().from(streamRules).where(eq(streamRules.listenPort, 2222));
    await db().update(edgeNodes).set({ appliedRevision: row!.revision }).where(eq(edgeNodes.name, 'edge-a'));
    await db()
      .update(edgeNodes)
      .set({ failedVersion: 1, lastError: 'nginx: [emerg] bind() failed' })
      .where(eq(edgeNodes.name, 'edge-b'));
    const [shown] = (await list()).list;
    expect(shown!.config).toEqual({
      total: 2,
      applied: 1,
      pending: 0,
      failed: 1,
      // That error is about the whole node (other tenants' rules, its paths): admins see it.
      failures: [{ node: 'edge-b', error: '' }],
    });
    await db().update(edgeNodes).set({ failedVersion: 0, lastError: '' });
  });

  it('refuses a port another rule of the group has, naming the port', async () => {
    const before = await groupRevision();
    const answer = await save(rule({ name: 'again', protocol: 'udp' }));
    expect(answer.body).toMatchObject({
      code: 409,
      msg: 'Port 2222 is used by another forwarding rule on this node group',
    });
    const cn = await save(rule({ name: 'again' }), demo, 'cn');
    expect(cn.body.msg).toContain('2222');
    // Another customer shares the node group, hence its ports.
    expect((await save(rule(), other)).body.code).toBe(409);
    expect(await groupRevision()).toBe(before);
    expect(await db().select().from(streamRules)).toHaveLength(1);
  });

  it('refuses a port a site of the group listens on', async () => {
    for (const listenPort of [18080, 443]) {
      const answer = await save(rule({ listenPort }));
      expect(answer.body).toMatchObject({
        code: 409,
        msg: `Port ${listenPort} is used by sites and cannot forward layer 4`,
      });
    }
    expect(await db().select().from(streamRules)).toHaveLength(1);
  });

  it('refuses bad input with a message naming the field', async () => {
    const port = await save(rule({ listenPort: 70000 }));
    expect(port.body).toMatchObject({ code: 400, msg: 'Listening port: Port format error (1~65535)' });
    const timeout = await save(rule({ listenPort: 2300, connectTimeoutSeconds: 301 }));
    expect(timeout.body).toMatchObject({ code: 400, msg: 'Connect timeout (s) must be at most 300' });
    const noMain = await save(
      rule({ listenPort: 2300, origins: [{ address: '10.0.0.5', port: 22, role: 'backup' }] }),
    );
    expect(noMain.body).toMatchObject({ code: 400, msg: 'At least one origin must be a main origin' });
    const badOrigin = await save(
      rule({ listenPort: 2300, origins: [{ address: 'not an address', port: 22 }] }),
    );
    expect(badOrigin.body).toMatchObject({
      code: 400,
      msg: 'Origin address must be an IPv4, IPv6 address or a domain',
    });
  });

  it('updates a rule in place; another customer’s rule is not found', async () => {
    const [current] = (await list()).list;
    const before = await groupRevision();
    const answer = await save({
      ...rule({ listenPort: 2223, balance: 'ip_hash', connectTimeoutSeconds: 300 }),
      id: current!.id,
      origins: [
        { address: 'db.example.com', port: 5432, weight: 5, role: 'main' },
        { address: '10.0.0.6', port: 5432, weight: 1, role: 'backup' },
      ],
    });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toMatchObject({
      id: current!.id,
      listenPort: 2223,
      balance: 'ip_hash',
      connectTimeoutSeconds: 300,
      config: { total: 2, pending: 2 },
    });
    expect(await groupRevision()).toBe(before + 1);
    expect((await save({ ...rule(), id: current!.id }, other)).body.code).toBe(404);
    expect((await list({}, other)).totalCount).toBe(0);
  });

  it('searches by exact port or part of an origin address, newest first', async () => {
    await created({
      name: 'dns',
      protocol: 'udp',
      listenPort: 5353,
      origins: [{ address: '10.9.9.9', port: 53 }],
    });
    expect((await list({ keyword: '2223' })).list.map((r) => r.listenPort)).toEqual([2223]);
    expect((await list({ keyword: '222' })).totalCount).toBe(0);
    expect((await list({ keyword: 'DB.example' })).list.map((r) => r.listenPort)).toEqual([2223]);
    expect((await list({ keyword: '10.9' })).list.map((r) => r.listenPort)).toEqual([5353]);
    expect((await list({ keyword: '%' })).totalCount).toBe(0);
    expect((await list()).list.map((r) => r.listenPort)).toEqual([5353, 2223]);
    const paged = await list({ page: 2, limit: 1 });
    expect(paged).toMatchObject({ totalCount: 2, pageSize: 1, currPage: 2 });
    expect(paged.list.map((r) => r.listenPort)).toEqual([2223]);
  });

  it('disables, enables and deletes, all or nothing; the publish job reads only enabled rules', async () => {
    const ids = (await list()).list.map((r) => r.id);
    const foreign = await created({ listenPort: 6000 });
    const theirs = (await save(rule({ listenPort: 6001 }), other)).body.data!;

    // One id of another customer refuses the whole request.
    expect((await status([...ids, theirs.id], 'disable')).body.code).toBe(404);
    expect((await list()).list.every((r) => r.enabled)).toBe(true);

    const before = await groupRevision();
    const disabled = await status(ids, 'disable', demo);
    expect(disabled.body).toMatchObject({ code: 1, data: { changed: 2 } });
    // One revision for the whole change of the group, carried by each rule.
    expect(await groupRevision()).toBe(before + 1);
    const rows = await db().select().from(streamRules).where(eq(streamRules.enabled, false));
    expect(rows.map((r) => r.revision)).toEqual([before + 1, before + 1]);

    const served = await enabledStreamsOfGroup(db(), groupId);
    expect(served).toEqual([
      {
        id: foreign.id,
        protocol: 'tcp',
        listenPort: 6000,
        balance: 'round_robin',
        origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
        connectTimeoutSeconds: 30,
      },
      expect.objectContaining({ id: theirs.id, listenPort: 6001 }),
    ]);

    expect((await status([ids[0]!], 'enable')).body.code).toBe(1);
    expect((await enabledStreamsOfGroup(db(), groupId)).map((s) => s.id)).toEqual(
      [ids[0]!, foreign.id, theirs.id].sort((a, b) => a - b),
    );

    expect((await status([theirs.id], 'delete')).body.code).toBe(404);
    const deleted = await status([...ids, foreign.id], 'delete');
    expect(deleted.body).toMatchObject({ code: 1, msg: 'Deleted successfully', data: { changed: 3 } });
    expect((await list()).totalCount).toBe(0);
    expect(await groupRevision()).toBe(before + 3);
    expect((await status([], 'delete')).body.code).toBe(400);
    expect((await status([1], 'archive')).body.code).toBe(400);
  });

  it('refuses to enable a rule whose port a site took while it was off', async () => {
    const off = await created({ listenPort: 7000, enabled: false });
    expect(off.enabled).toBe(false);
    await db()
      .update(sites)
      .set({ httpPorts: [18080, 7000] })
      .where(eq(sites.domain, 'www.stream-site.test'));
    const before = await groupRevision();
    const answer = await status([off.id], 'enable');
    expect(answer.body).toMatchObject({
      code: 409,
      msg: 'Port 7000 is used by sites and cannot forward layer 4',
    });
    expect(await groupRevision()).toBe(before);
    expect((await list()).list[0]).toMatchObject({ id: off.id, enabled: false });
    expect((await status([off.id], 'delete')).body.code).toBe(1);
  });
});
