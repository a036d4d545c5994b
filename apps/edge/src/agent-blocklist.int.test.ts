import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterPid, statusFrom, until } from '../test/agent-process';
import { startServingNode, type EdgeNode } from '../test/edge-node';

/*
 * The platform blocklist on a real nginx (ADR 0039): the agent long-polls the (fake) console and
 * writes the changes into nginx's shared memory. Clients are told apart by their source address
 * on the loopback network. No change may reload nginx.
 */
const ADDRESS = '127.0.0.75';
let node: EdgeNode;

const visit = (from: string, urlPath?: string) => statusFrom(ADDRESS, node.sitePort, { from, path: urlPath });

const becomes = (from: string, status: number, urlPath?: string) =>
  until(async () => ((await visit(from, urlPath)) === status ? true : undefined), `${from} → ${status}`);

beforeAll(async () => {
  node = await startServingNode(ADDRESS);
});
afterAll(() => node?.close());

describe('the blocklist on a managed nginx', () => {
  it('refuses a blocked address and block, before the site’s own return, without a reload', async () => {
    const before = await node.processes();
    expect(await visit('127.0.9.1')).toBe(200);
    node.api.block('127.0.9.1');
    node.api.block('127.0.10.0/24');
    await becomes('127.0.9.1', 403);
    // `location = /__version` answers with `return`: the check runs before it.
    expect(await visit('127.0.9.1', '/__version')).toBe(403);
    expect(await visit('127.0.10.7')).toBe(403);
    expect(await visit('127.0.9.2')).toBe(200);
    expect(await visit('127.0.11.7')).toBe(200);

    node.api.release('127.0.9.1');
    await becomes('127.0.9.1', 200);
    expect(await visit('127.0.10.7')).toBe(403);
    expect(await node.processes()).toEqual(before);
  });

  it('ends a timed block on the node by itself', async () => {
    node.api.block('127.0.12.1', 2);
    await becomes('127.0.12.1', 403);
    const served = node.api.blocklistServed.length;
    await becomes('127.0.12.1', 200);
    // Nothing came from the console for it: nginx's memory let it go.
    expect(node.api.blocklistServed.slice(served).flatMap((a) => a.remove.map((r) => r.range))).not.toContain(
      '127.0.12.1',
    );
  });

  it('reports the requests it refused, per range', async () => {
    const hits = () => node.api.blockHits.filter((h) => h.range === '127.0.10.0/24');
    const before = hits().reduce((sum, h) => sum + h.count, 0);
    for (let i = 0; i < 3; i++) expect(await visit('127.0.10.9')).toBe(403);
    await until(
      () => (hits().reduce((sum, h) => sum + h.count, 0) >= before + 3 ? true : undefined),
      'block counts',
      40_000,
    );
  });

  it('logs a refused request as its site’s, with its 403', async () => {
    expect(await visit('127.0.10.11', '/refused-and-logged')).toBe(403);
    const line = await until(
      () =>
        [...node.api.logBatches.values()]
          .flat()
          .map((l) => JSON.parse(l) as Record<string, string>)
          .find((l) => l.uri === '/refused-and-logged'),
      'the refused request’s log line',
      40_000,
    );
    expect(line).toMatchObject({ site: '1', status: '403', ip: '127.0.10.11' });
  });

  it('gives a restarted nginx the whole list again', async () => {
    const { master } = await node.processes();
    process.kill(master, 'SIGKILL');
    await until(
      async () => {
        const now = await masterPid(node.dataDir).catch(() => undefined);
        return now && now !== master ? now : undefined;
      },
      'a new nginx master',
      40_000,
    );
    await becomes('127.0.10.7', 403);
    expect(await visit('127.0.9.1')).toBe(200);
    const full = node.api.blocklistServed.filter((a) => a.full).at(-1);
    expect(full?.add.map((a) => a.range)).toEqual(['127.0.10.0/24']);
  });
});
