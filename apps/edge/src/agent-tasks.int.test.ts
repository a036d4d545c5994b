import { edgeCacheKey } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';

/*
 * Purge and preheat tasks run by the real agent on a real nginx cache: each must change what a
 * client gets next (MISS with a new origin answer, or a HIT on the first request).
 */
let node: EdgeNode;

beforeAll(async () => {
  node = await startEdgeNode('127.0.0.22');
  node.launch();
  node.api.publish(node.siteFiles());
  await node.reported(1, 'applied');
});
afterAll(() => node?.close());

describe('nimbus-edge tasks', () => {
  it('purges exact keys (a key never cached is no failure)', async () => {
    expect((await node.get('/x')).cache).toBe('MISS');
    const before = await node.get('/x');
    expect(before.cache).toBe('HIT');
    node.api.addTask({
      id: 1,
      action: 'purge-keys',
      keys: [edgeCacheKey(1, 'A.test', '/x'), '1|a.test/never-cached'],
    });
    expect(await node.taskReported(1)).toEqual({ id: 1, state: 'done', error: '' });
    const after = await node.get('/x');
    expect(after).toMatchObject({ status: 200, cache: 'MISS' });
    expect(after.body).not.toBe(before.body);
    expect(await node.get('/x')).toMatchObject({ body: after.body, cache: 'HIT' });
  });

  it('purges by prefix, reading the keys nginx stored', async () => {
    for (const p of ['/dir/a', '/dir/b?q=1', '/other']) {
      await node.get(p);
      expect((await node.get(p)).cache).toBe('HIT');
    }
    node.api.addTask({ id: 2, action: 'purge-prefixes', prefixes: ['1|a.test/dir/'] });
    expect(await node.taskReported(2)).toMatchObject({ state: 'done' });
    expect((await node.get('/dir/a')).cache).toBe('MISS');
    expect((await node.get('/dir/b?q=1')).cache).toBe('MISS');
    expect((await node.get('/other')).cache).toBe('HIT');
  });

  it('purges by extension under a prefix, case-insensitively', async () => {
    for (const p of ['/img/a.JPG?v=1', '/img/b.png', '/img/c.jpg']) {
      await node.get(p);
      expect((await node.get(p)).cache).toBe('HIT');
    }
    node.api.addTask({ id: 3, action: 'purge-extensions', prefix: '1|a.test/img/', extensions: ['.jpg'] });
    expect(await node.taskReported(3)).toMatchObject({ state: 'done' });
    expect((await node.get('/img/a.JPG?v=1')).cache).toBe('MISS');
    expect((await node.get('/img/c.jpg')).cache).toBe('MISS');
    expect((await node.get('/img/b.png')).cache).toBe('HIT');
  });

  it('preheats through its own nginx and reports a failing URL with its status', async () => {
    const urls = [`http://a.test:${node.sitePort}/warm`, `http://a.test:${node.sitePort}/fail`];
    node.api.addTask({ id: 4, action: 'preheat', urls });
    const report = await node.taskReported(4);
    expect(report.state).toBe('failed');
    expect(report.error).toContain(`http://a.test:${node.sitePort}/fail: HTTP 500`);
    expect(report.error).not.toContain('/warm');
    expect((await node.get('/warm')).cache).toBe('HIT');
    // Run once: still one report after the console stopped listing it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(node.api.taskReports.filter((r) => r.id === 4)).toHaveLength(1);
  });
});
