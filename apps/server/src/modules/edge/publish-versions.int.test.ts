import type { EdgeNodeSaved } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { listenForRowChanges, type RowChanges } from '../../platform/db/row-changes';
import { edgeBundles, edgeGroups, edgeNodes } from './edge.schema';
import { publishService } from './publish.service';

/**
 * How a publish stores versions for a whole group at once: which nodes get one, which only carry
 * the new revision, which old versions go, and which nodes are told. Nodes are changed in the
 * database (their listen address is in their site's files) and the group published directly;
 * nothing binds the addresses.
 */
let server: TestServer;
let groupId: number;
let nodeIds: number[];
let feed: RowChanges;
const notices: number[] = [];

const db = () => server.database.db;
const publish = () => publishService(db()).publishGroup(groupId);

async function versionsOf(nodeId: number): Promise<number[]> {
  const rows = await db()
    .select({ version: edgeBundles.version })
    .from(edgeBundles)
    .where(eq(edgeBundles.nodeId, nodeId));
  return rows.map((r) => r.version).sort((a, b) => a - b);
}

async function newest(nodeId: number) {
  const [row] = await db()
    .select({ version: edgeBundles.version, revision: edgeBundles.revision })
    .from(edgeBundles)
    .where(eq(edgeBundles.nodeId, nodeId))
    .orderBy(sql`${edgeBundles.version} desc`)
    .limit(1);
  return row!;
}

const node = async (id: number) => (await db().select().from(edgeNodes).where(eq(edgeNodes.id, id)))[0]!;
const listenOn = (id: number, address: string) =>
  db().update(edgeNodes).set({ listenAddress: address }).where(eq(edgeNodes.id, id));

/** Resolves once PostgreSQL delivered what was committed before (a notice of our own, last). */
async function noticesSettled(): Promise<void> {
  const marker = -Date.now();
  await db().execute(sql`select pg_notify('nimbus_row_changed', ${`edge_node:${marker}`})`);
  while (!notices.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 20));
  notices.splice(notices.indexOf(marker), 1);
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Versions', isDefault: true },
  });
  groupId = group.body.data!.id;
  nodeIds = [];
  for (const [i, ipv4] of ['203.0.113.51', '203.0.113.52', '203.0.113.53'].entries()) {
    const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: `versions-${i + 1}`, ipv4, groupId },
    });
    nodeIds.push(saved.body.data!.node.id);
  }
  // A site, so that the nodes' files hold their listen address.
  await server.allowOrigins();
  const site = await server.call('POST', 'app/site/domain/create', {
    token: await server.login('customer'),
    body: {
      domain: 'www.versions.test',
      origins: [{ address: '127.0.0.1', httpPort: 8081 }],
      httpPorts: [18080],
    },
  });
  expect(site.body.code).toBe(1);
  feed = listenForRowChanges(server.database.pool.options);
  feed.subscribe('edge_node', (id) => {
    if (id !== null) notices.push(id);
  });
  while (!feed.live) await new Promise((resolve) => setTimeout(resolve, 20));
  await publish();
});
afterAll(async () => {
  await feed.close();
  await server.close();
});

describe('publishing a group', () => {
  it('gives a new version to, and notifies, only the nodes whose files changed', async () => {
    const [a, b, c] = nodeIds as [number, number, number];
    const before = await Promise.all(nodeIds.map(newest));
    await noticesSettled();
    notices.length = 0;
    await listenOn(a, '192.0.2.1');
    await listenOn(c, '192.0.2.3');
    await publish();
    await noticesSettled();
    expect((await newest(a)).version).toBe(before[0]!.version + 1);
    expect((await newest(b)).version).toBe(before[1]!.version);
    expect((await newest(c)).version).toBe(before[2]!.version + 1);
    expect([...notices].sort((x, y) => x - y)).toEqual([a, c].sort((x, y) => x - y));
  });

  it('keeps each node’s six newest versions and the one it runs, and drops the older ones', async () => {
    const [a, b] = nodeIds as [number, number];
    const running = (await newest(a)).version;
    await db().update(edgeNodes).set({ appliedVersion: running }).where(eq(edgeNodes.id, a));
    for (let i = 0; i < 8; i++) {
      await listenOn(a, `192.0.2.${10 + i}`);
      await listenOn(b, `192.0.2.${30 + i}`);
      await publish();
    }
    const top = (await newest(a)).version;
    expect(await versionsOf(a)).toEqual([running, ...[5, 4, 3, 2, 1, 0].map((k) => top - k)]);
    const topB = (await newest(b)).version;
    expect(await versionsOf(b)).toEqual([5, 4, 3, 2, 1, 0].map((k) => topB - k));
  });

  it('raises the revision of unchanged bundles, and the applied revision of the nodes running them', async () => {
    const [a, b] = nodeIds as [number, number];
    const versionsBefore = await Promise.all(nodeIds.map(versionsOf));
    await db()
      .update(edgeNodes)
      .set({ appliedVersion: (await newest(a)).version, appliedRevision: 0 })
      .where(eq(edgeNodes.id, a));
    await db()
      .update(edgeNodes)
      .set({ appliedVersion: (await newest(b)).version - 1, appliedRevision: 0 })
      .where(eq(edgeNodes.id, b));
    const [group] = await db()
      .update(edgeGroups)
      .set({ revision: sql`${edgeGroups.revision} + 1` })
      .where(eq(edgeGroups.id, groupId))
      .returning({ revision: edgeGroups.revision });
    await publish();
    expect(await Promise.all(nodeIds.map(versionsOf))).toEqual(versionsBefore);
    for (const id of nodeIds) expect((await newest(id)).revision).toBe(group!.revision);
    expect((await node(a)).appliedRevision).toBe(group!.revision);
    expect((await node(b)).appliedRevision).toBe(0);
  });
});
