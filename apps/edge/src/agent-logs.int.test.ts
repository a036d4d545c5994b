import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteGet, until } from '../test/agent-process';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';

/*
 * The real agent and its real nginx shipping requests.log to a fake console that stores each
 * batch id once (as the console does): N requests to a site arrive as exactly N lines through a
 * console outage, a kill -9 of the agent in the middle, and rotations. The tests run in order.
 */
let node: EdgeNode;
const ADDRESS = '127.0.0.101';

type Line = Record<string, string>;
/** Every stored line, each batch once. */
const received = (): Line[] => [...node.api.logBatches.values()].flat().map((l) => JSON.parse(l) as Line);
const withPrefix = (prefix: string) => received().filter((l) => l.uri!.startsWith(prefix));

/** `count` requests to a.test at `<prefix><i>`; each answered. */
async function visit(prefix: string, count: number, host = 'a.test', pauseMs = 0): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await siteGet(ADDRESS, node.sitePort, host, `${prefix}${i}`);
    expect(answer.status).toBe(200);
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** Every one of the `count` paths arrived exactly once. */
async function arrived(prefix: string, count: number, timeoutMs = 30_000): Promise<Line[]> {
  await until(() => withPrefix(prefix).length >= count, `${count} lines of ${prefix}`, timeoutMs);
  const lines = withPrefix(prefix);
  expect(lines.map((l) => l.uri).sort()).toEqual(
    Array.from({ length: count }, (_, i) => `${prefix}${i}`).sort(),
  );
  return lines;
}

const spooled = () => fs.readdir(path.join(node.dataDir, 'log-spool')).catch(() => []);
const logState = async () =>
  JSON.parse(await fs.readFile(path.join(node.dataDir, 'log-state.json'), 'utf8')) as { generation: number };

beforeAll(async () => {
  node = await startEdgeNode(ADDRESS);
  node.launch();
  // A catch-all for unknown hosts, as the console's bundles have (listen.ts): it sets no site.
  const v1 = node.api.publish((version) => [
    ...node.siteFiles()(version),
    {
      path: 'sites/0.conf',
      content: `server {\n  listen ${ADDRESS}:${node.sitePort} default_server;\n  return 404;\n}\n`,
    },
  ]);
  await node.reported(v1, 'applied');
});
afterAll(() => node?.close());

describe('nimbus-edge shipping the request log', () => {
  it('ships one line per site request with its site id; unknown hosts and the control server log nothing', async () => {
    await visit('/t1/', 120);
    await visit('/t1b/', 10, 'b.test');
    for (let i = 0; i < 10; i++)
      expect((await siteGet(ADDRESS, node.sitePort, 'nobody.test', `/t1u/${i}`)).status).toBe(404);
    for (let i = 0; i < 10; i++) expect(await node.controlVersion()).toBe(1);
    const a = await arrived('/t1/', 120);
    const b = await arrived('/t1b/', 10);
    expect(new Set(a.map((l) => l.site))).toEqual(new Set(['1']));
    expect(new Set(b.map((l) => l.site))).toEqual(new Set(['2']));
    expect(a[0]).toMatchObject({
      method: 'GET',
      host: 'a.test',
      status: '200',
      scheme: 'http',
      proto: 'HTTP/1.1',
    });
    // Batches close by age: a few seconds more bring nothing else (no unknown host, no control).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received()).toHaveLength(130);
    expect(node.api.logPosts.every((p) => p.dropped === 0)).toBe(true);
    expect(await spooled()).toEqual([]);
  });

  it('keeps batches in the spool while the console fails, then delivers them all', async () => {
    node.api.logsStatus = 500;
    await visit('/t2/', 100);
    await until(async () => (await spooled()).length > 0, 'a spooled batch');
    await node.agent.waitForLine(/request log: edge\/v1\/logs: HTTP 500; batches stay spooled, retrying/);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(withPrefix('/t2/')).toEqual([]);
    // One line for the outage, not one per attempt or batch.
    expect(node.agent.lines.filter((l) => /HTTP 500/.test(l))).toHaveLength(1);
    // Back, but the answer to the first batch it stores is lost: that batch comes again, same id.
    node.api.logsLoseAnswers = 1;
    const posted = node.api.logPosts.length;
    node.api.logsStatus = undefined;
    await arrived('/t2/', 100, 45_000);
    await node.agent.waitForLine(/request log: shipping again/);
    await until(async () => (await spooled()).length === 0, 'an empty spool');
    const ids = node.api.logPosts.slice(posted).map((p) => p.id);
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(ids.length - 1);
    expect(withPrefix('/t2/')).toHaveLength(100);
  });

  it('after kill -9 of the agent mid-stream and a restart, every request still counts once', async () => {
    const victim = node.agent;
    node.api.afterLogBatch = (id) => {
      // Right after the console stored the first batch of these, before the agent can take it
      // out of its spool: the restarted agent sends it again.
      if (node.api.logBatches.get(id)!.some((l) => l.includes('/t3/'))) victim.child.kill('SIGKILL');
    };
    const traffic = visit('/t3/', 300, 'a.test', 20);
    await victim.exited;
    node.api.afterLogBatch = undefined;
    const posted = node.api.logPosts.length;
    node.launch();
    await traffic;
    await arrived('/t3/', 300, 45_000);
    // Whether the killed agent had removed that batch or not, it is counted once.
    const again = node.api.logPosts.slice(posted).filter((p) => p.id === node.api.logPosts[posted - 1]!.id);
    expect(again.length).toBeLessThanOrEqual(1);
    expect(received()).toHaveLength(130 + 100 + 300);
  });

  it('rotates requests.log when it grows past the threshold, ships every line and removes the files', async () => {
    node.agent.child.kill('SIGTERM');
    await node.agent.exited;
    const before = (await logState()).generation;
    node.launch(undefined, [], { NIMBUS_EDGE_LOG_ROTATE_BYTES: String(16 * 1024) });
    await node.agent.waitForLine(/serving v1/);
    // Three rounds of ~50 KB (150 lines of ~330 bytes), each ending in a rotation, while lines
    // keep coming: the rotations do not depend on how fast this machine is.
    for (let round = 0; round < 3; round++) {
      const generation = (await logState()).generation;
      await visit(`/t4/${round}/`, 150, 'a.test', 5);
      await until(async () => (await logState()).generation > generation, 'a rotation', 30_000);
    }
    for (let round = 0; round < 3; round++) await arrived(`/t4/${round}/`, 150, 45_000);
    expect((await logState()).generation).toBeGreaterThanOrEqual(before + 3);
    // Once the last rotation is done: no renamed file left, and requests.log below the threshold.
    const logsDir = path.join(node.dataDir, 'logs');
    await until(
      async () =>
        !(await fs.readdir(logsDir)).some((n) => n.startsWith('requests.log.')) &&
        (await fs.stat(path.join(logsDir, 'requests.log'))).size < 16 * 1024 + 4096,
      'the rotations to finish',
    );
    await until(async () => (await spooled()).length === 0, 'an empty spool');
    expect(received()).toHaveLength(130 + 100 + 300 + 450);
  });
});
