import { eq, sql } from 'drizzle-orm';
import {
  PURGE_PATHS,
  type EdgeWait,
  type Page,
  type PurgeQuota,
  type PurgeTask,
  type PurgeTaskDetail,
} from '@nimbus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { customers } from '../account/account.schema';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import { hashNodeToken } from '../edge/node-token';
import { sites } from '../site/site.schema';
import { purgeTaskNodes, purgeTasks } from './purge.schema';

const TOKENS = { one: 'edge_test_node_one', two: 'edge_test_node_two' };

let server: TestServer;
let demo: string;
let demoId: number;
let otherId: number;
const nodeIds: Record<'one' | 'two' | 'off', number> = { one: 0, two: 0, off: 0 };
const siteIds: Record<string, number> = {};

const db = () => server.database.db;

async function addSite(customerId: number, domain: string, nodeGroupId: number, enabled = true) {
  const [row] = await db()
    .insert(sites)
    .values({
      customerId,
      domain,
      cnameLabel: domain.replace(/[^a-z0-9]/g, ''),
      enabled,
      nodeGroupId,
      originProtocol: 'http',
      balance: 'round_robin',
      origins: [{ address: '127.0.0.1', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
    })
    .returning();
  siteIds[domain] = row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  demoId = (await db().select().from(customers).where(eq(customers.username, 'demo')))[0]!.id;
  otherId = (
    await db().insert(customers).values({ username: 'purge-other', passwordHash: 'x' }).returning()
  )[0]!.id;
  const [main] = await db().insert(edgeGroups).values({ name: 'purge-main' }).returning();
  const [idle] = await db().insert(edgeGroups).values({ name: 'purge-idle' }).returning();
  const node = async (name: string, groupId: number, tokenHash: string, enabled = true) =>
    (
      await db()
        .insert(edgeNodes)
        .values({ name, ipv4: '203.0.113.1', groupId, tokenHash, enabled })
        .returning()
    )[0]!.id;
  nodeIds.one = await node('edge-one', main!.id, hashNodeToken(TOKENS.one));
  nodeIds.two = await node('edge-two', main!.id, hashNodeToken(TOKENS.two));
  nodeIds.off = await node('edge-off', main!.id, 'unused-hash-off', false);
  await node('edge-idle-off', idle!.id, 'unused-hash-idle', false);
  await addSite(demoId, 'www.demo.test', main!.id);
  await addSite(demoId, '*.wild.test', main!.id);
  await addSite(demoId, 'off.demo.test', main!.id, false);
  await addSite(demoId, 'lonely.demo.test', idle!.id);
  await addSite(otherId, 'www.other.test', main!.id);
  demo = await server.login('customer');
});
afterAll(() => server.close());

/** Moves earlier submissions out of the rate-limit window so each test starts with a full quota. */
beforeEach(async () => {
  await db().execute(sql`update ${purgeTasks} set created_at = created_at - interval '2 minutes'`);
});

const submit = (kind: string, lines: string[], lang: 'cn' | 'en' = 'en') =>
  server.call<{ task: PurgeTask }>('POST', PURGE_PATHS.submit, {
    token: demo,
    lang,
    body: { kind, entries: lines.join('\n') },
  });
const info = (id: number) =>
  server.call<PurgeTaskDetail>('GET', PURGE_PATHS.taskInfo, { token: demo, query: { id } });
const rowsOf = (taskId: number) =>
  db().select().from(purgeTaskNodes).where(eq(purgeTaskNodes.taskId, taskId)).orderBy(purgeTaskNodes.nodeId);

async function edge<T>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/edge/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}
const report = (token: string, id: number, state: 'done' | 'failed', error = '') =>
  edge('POST', 'task/report', token, { id, state, error });

describe('purge guards', () => {
  it('needs a customer token', async () => {
    expect((await server.call('GET', PURGE_PATHS.quota)).body.code).toBe(401);
    expect(
      (await server.call('POST', PURGE_PATHS.submit, { body: { kind: 'url', entries: '' } })).body.code,
    ).toBe(401);
  });
});

describe('purge submit', () => {
  it('refuses a bad line naming its number, in the request’s language', async () => {
    const lines = ['https://www.demo.test/a', 'www.demo.test/b'];
    const en = await submit('url', lines, 'en');
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'Line 2 must start with http:// or https://: www.demo.test/b',
    });
    const cn = await submit('url', lines, 'cn');
    expect(cn.body.code).toBe(400);
    expect(cn.body.msg).toBe('第 2 行必须以 http:// 或 https:// 开头：www.demo.test/b');
    const dir = await submit('dir', ['https://www.demo.test/img']);
    expect(dir.body).toMatchObject({
      code: 400,
      msg: 'Line 1: a directory must end with /: https://www.demo.test/img',
    });
  });

  it('refuses an empty submission and one over the entry limit', async () => {
    expect((await submit('url', ['', '  '])).body).toMatchObject({ code: 400, msg: 'Enter what to refresh' });
    const many = Array.from({ length: 101 }, (_, i) => `https://www.demo.test/d${i}/`);
    expect((await submit('dir', many)).body).toMatchObject({
      code: 400,
      msg: 'At most 100 entries per submission',
    });
  });

  it('gives every enabled node of the group one row with the keys; lists others’ and duplicates as ignored', async () => {
    const answer = await submit('url', [
      'https://www.demo.test/a.js?v=1',
      'http://a.wild.test/x.png',
      'http://www.demo.test/a.js?v=1',
      'https://www.other.test/z',
      'https://nobody.test/y',
      'https://off.demo.test/q',
    ]);
    expect(answer.body).toMatchObject({ code: 1, msg: 'Submitted; the nodes are working on it' });
    const task = answer.body.data!.task;
    expect(task).toMatchObject({
      kind: 'url',
      state: 'running',
      nodeTotal: 2,
      nodeDone: 0,
      nodeFailed: 0,
      finishedAt: null,
      entries: ['https://www.demo.test/a.js?v=1', 'http://a.wild.test/x.png'],
      ignored: [
        { entry: 'https://www.other.test/z', reason: 'notYours' },
        { entry: 'https://nobody.test/y', reason: 'notYours' },
        { entry: 'https://off.demo.test/q', reason: 'disabled' },
        { entry: 'http://www.demo.test/a.js?v=1', reason: 'duplicate' },
      ],
    });
    const keys = [
      `${siteIds['www.demo.test']}|www.demo.test/a.js?v=1`,
      `${siteIds['*.wild.test']}|a.wild.test/x.png`,
    ];
    const rows = await rowsOf(task.id);
    expect(rows.map((r) => [r.nodeId, r.state, r.work])).toEqual([
      [nodeIds.one, 'pending', { action: 'purge-keys', keys }],
      [nodeIds.two, 'pending', { action: 'purge-keys', keys }],
    ]);

    const wait = await edge<EdgeWait>('GET', 'wait?timeout=0', TOKENS.one);
    expect(wait.data.tasks).toContainEqual({ id: rows[0]!.id, action: 'purge-keys', keys });
  });

  it('answers nothingLeft when every entry is ignored, and saves nothing', async () => {
    const before = await db().select().from(purgeTasks);
    const answer = await submit('url', ['https://www.other.test/a', 'https://off.demo.test/b']);
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'Nothing to refresh: every entry was a duplicate or not on your sites',
    });
    expect(await db().select().from(purgeTasks)).toHaveLength(before.length);
  });

  it('merges file types of one directory into one row per node', async () => {
    const answer = await submit('type', [
      'https://www.demo.test/img/*.jpg',
      'https://www.demo.test/img/*.png',
    ]);
    expect(answer.body.code).toBe(1);
    const rows = await rowsOf(answer.body.data!.task.id);
    const prefix = `${siteIds['www.demo.test']}|www.demo.test/img/`;
    expect(rows.map((r) => r.work)).toEqual([
      { action: 'purge-extensions', prefix, extensions: ['.jpg', '.png'] },
      { action: 'purge-extensions', prefix, extensions: ['.jpg', '.png'] },
    ]);
  });

  it('finishes at once when no enabled node serves the site', async () => {
    const answer = await submit('site', ['https://lonely.demo.test/']);
    expect(answer.body.data!.task).toMatchObject({ state: 'done', nodeTotal: 0 });
    expect(answer.body.data!.task.finishedAt).not.toBeNull();
  });
});

describe('purge rate limit and quota', () => {
  it('refuses the 3rd submission of a kind within a minute while another kind still works', async () => {
    expect((await submit('url', ['https://www.demo.test/1'])).body.code).toBe(1);
    expect((await submit('url', ['https://www.demo.test/2'])).body.code).toBe(1);
    const third = await submit('url', ['https://www.demo.test/3']);
    expect(third.body).toMatchObject({
      code: 429,
      msg: 'Too many submissions: at most 2 a minute, try again shortly',
    });
    expect((await submit('dir', ['https://www.demo.test/d/'])).body.code).toBe(1);

    const quota = await server.call<PurgeQuota>('GET', PURGE_PATHS.quota, { token: demo });
    expect(quota.body.data).toMatchObject({
      url: { remaining: 0, perMinute: 2, maxEntries: 200 },
      dir: { remaining: 1, perMinute: 2, maxEntries: 100 },
      site: { remaining: 2, perMinute: 2, maxEntries: 200 },
    });
  });

  it('lets only two of several concurrent submissions through', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => submit('preheat', [`https://www.demo.test/${i}`])),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 1, 429, 429]);
  });
});

describe('purge tasks', () => {
  it('lists the customer’s tasks newest first, by kind', async () => {
    const a = (await submit('dir', ['https://www.demo.test/list-a/'])).body.data!.task.id;
    const b = (await submit('dir', ['https://www.demo.test/list-b/'])).body.data!.task.id;
    const page = await server.call<Page<PurgeTask>>('POST', PURGE_PATHS.taskList, {
      token: demo,
      body: { page: 1, limit: 2, kind: 'dir' },
    });
    expect(page.body.data!.list.map((t) => t.id)).toEqual([b, a]);
    expect(page.body.data!.totalCount).toBeGreaterThan(2);
    expect(page.body.data!.list.every((t) => t.kind === 'dir')).toBe(true);
  });

  it('answers 404 for another customer’s task', async () => {
    const [theirs] = await db()
      .insert(purgeTasks)
      .values({ customerId: otherId, kind: 'url', entries: ['https://www.other.test/'], ignored: [] })
      .returning();
    expect((await info(theirs!.id)).body.code).toBe(404);
    const page = await server.call<Page<PurgeTask>>('POST', PURGE_PATHS.taskList, {
      token: demo,
      body: { limit: 200 },
    });
    expect(page.body.data!.list.map((t) => t.id)).not.toContain(theirs!.id);
  });

  it('is done once both nodes report done through the edge API', async () => {
    const task = (await submit('dir', ['https://www.demo.test/static/'])).body.data!.task;
    const [one, two] = await rowsOf(task.id);
    expect((await report(TOKENS.one, one!.id, 'done')).code).toBe(1);
    expect((await info(task.id)).body.data).toMatchObject({
      state: 'running',
      nodeDone: 1,
      finishedAt: null,
    });
    expect((await report(TOKENS.two, two!.id, 'done')).code).toBe(1);

    const detail = (await info(task.id)).body.data!;
    expect(detail).toMatchObject({ state: 'done', nodeTotal: 2, nodeDone: 2, nodeFailed: 0 });
    expect(detail.finishedAt).not.toBeNull();
    expect(detail.nodes.map((n) => [n.nodeName, n.state])).toEqual([
      ['edge-one', 'done'],
      ['edge-two', 'done'],
    ]);
  });

  it('is failed with the node’s error when one node fails', async () => {
    const task = (await submit('site', ['https://www.demo.test/'])).body.data!.task;
    const [one, two] = await rowsOf(task.id);
    expect(one!.work).toEqual({
      action: 'purge-prefixes',
      prefixes: [`${siteIds['www.demo.test']}|www.demo.test/`],
    });
    await report(TOKENS.one, one!.id, 'done');
    await report(TOKENS.two, two!.id, 'failed', 'cache directory not writable');

    const detail = (await info(task.id)).body.data!;
    expect(detail).toMatchObject({ state: 'failed', nodeTotal: 2, nodeDone: 1, nodeFailed: 1 });
    expect(detail.finishedAt).not.toBeNull();
    expect(detail.nodes).toContainEqual(
      expect.objectContaining({
        nodeName: 'edge-two',
        state: 'failed',
        error: 'cache directory not writable',
      }),
    );
  });
});
