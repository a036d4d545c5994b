import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterPid, siteGet, until } from '../test/agent-process';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';

/*
 * The real agent (its own process) driving a real nginx it manages, against a fake console that
 * follows the edge contract: versions applied, refused, and crashes in the middle. The tests run
 * in order, each on the node the previous one left.
 */
let node: EdgeNode;

beforeAll(async () => {
  node = await startEdgeNode('127.0.0.21');
  node.launch();
});
afterAll(() => node?.close());

describe('nimbus-edge applying versions to a managed nginx', () => {
  it('starts nginx with no version: the control server answers 0', async () => {
    await node.agent.waitForLine(/serving v0/);
    expect(await node.controlVersion()).toBe(0);
    // Without the agent's secret the control server is not there.
    const stranger = await siteGet('127.0.0.1', node.controlPort, 'localhost', '/nimbus/version');
    expect(stranger.status).toBe(404);
  });

  it('applies v1: the site serves through the cache', async () => {
    const v1 = node.api.publish(node.siteFiles());
    await node.reported(v1, 'applied');
    await node.agent.waitForLine(/applied v1$/);
    const first = await node.get('/x');
    expect(first).toMatchObject({ status: 200, cache: 'MISS' });
    expect(first.body).toMatch(/^origin \d+ \/x$/);
    expect(await node.get('/x')).toMatchObject({ body: first.body, cache: 'HIT' });
    expect(await node.readState()).toEqual({ appliedVersion: 1 });
    const key = path.join(node.dataDir, 'versions/v1/certs/1.key');
    expect((await fs.stat(key)).mode & 0o777).toBe(0o600);
    // The marker became the final dir: nginx read the site through it.
    expect(await fs.readFile(path.join(node.dataDir, 'versions/v1/http.conf'), 'utf8')).toBe(
      `include ${node.dataDir}/versions/v1/sites/*.conf;\n`,
    );
  });

  it('refuses a broken v2 with nginx’s own error, keeps serving v1 and does not retry it', async () => {
    const v2 = node.api.publish(node.siteFiles('bogus_directive on;'));
    const failed = await node.reported(v2, 'failed');
    expect(failed.error).toMatch(
      new RegExp(
        `^nginx: \\[emerg\\] unknown directive "bogus_directive" in ${node.dataDir}/versions/v2/sites/1\\.conf:\\d+$`,
      ),
    );
    await node.agent.waitForLine(/failed v2: nginx: \[emerg\] unknown directive/);
    expect(await node.served()).toBe('v1');
    expect((await node.get('/x')).cache).toBe('HIT');
    expect(await node.readState()).toEqual({ appliedVersion: 1 });
    expect((await fs.readdir(path.join(node.dataDir, 'versions'))).sort()).toEqual(['v1']);
    await expect(fs.stat(path.join(node.dataDir, 'nginx.conf.next'))).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(node.api.bundleServed.filter((v) => v === v2)).toHaveLength(1);
  });

  it('applies a good v3 after the refused one and keeps only the previous version', async () => {
    const v3 = node.api.publish(node.siteFiles());
    await node.reported(v3, 'applied');
    expect(await node.served()).toBe('v3');
    // The cache survives versions: same zone, same keys.
    expect((await node.get('/x')).cache).toBe('HIT');
    expect(await node.readState()).toEqual({ appliedVersion: 3 });
    expect((await fs.readdir(path.join(node.dataDir, 'versions'))).sort()).toEqual(['v1', 'v3']);
  });

  it('converges after kill -9 right after the bundle was served; nginx serves throughout', async () => {
    const master = await masterPid(node.dataDir);
    const victim = node.agent;
    node.api.afterBundle = () => victim.child.kill('SIGKILL');
    const v4 = node.api.publish(node.siteFiles());
    await victim.exited;
    node.api.afterBundle = undefined;
    expect(await node.served()).toMatch(/^v[34]$/);
    const from = node.api.reports.length;
    node.launch();
    await node.reported(v4, 'applied', from);
    expect(await node.served()).toBe('v4');
    // The master the killed agent started was reused through its pid file, not fought over ports.
    expect(await masterPid(node.dataDir)).toBe(master);
    expect(node.agent.lines.join('\n')).not.toMatch(/Address already in use/);
    const left = await fs.readdir(path.join(node.dataDir, 'versions'));
    expect(left.filter((n) => n.endsWith('.staging'))).toEqual([]);
  });

  it('converges after kill -9 between the swap and the reload', async () => {
    const victim = node.agent;
    void victim.waitForLine(/switching to v5/).then(() => victim.child.kill('SIGKILL'));
    const v5 = node.api.publish(node.siteFiles());
    await victim.exited;
    for (let i = 0; i < 5; i++) expect((await node.get('/x')).status).toBe(200);
    expect(await node.served()).toMatch(/^v[45]$/);
    const from = node.api.reports.length;
    node.launch();
    await node.reported(v5, 'applied', from);
    expect(await node.served()).toBe('v5');
    expect(await node.readState()).toEqual({ appliedVersion: 5 });
    await expect(fs.stat(path.join(node.dataDir, 'nginx.conf.next'))).rejects.toThrow();
  });

  it('heartbeats with the nginx version and active connections', async () => {
    const beat = await until(
      () => node.api.heartbeats.find((b) => b.appliedVersion === 5 && b.activeConnections > 0),
      'a heartbeat',
      15_000,
    );
    expect(beat.nginxVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(beat.agentVersion).toBe('0.1.0');
    // stub_status counts its own connection.
    expect(beat.activeConnections).toBeGreaterThanOrEqual(1);
    expect(beat.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('restarts its nginx when nginx dies', async () => {
    const master = (await masterPid(node.dataDir))!;
    process.kill(master, 'SIGTERM');
    await node.agent.waitForLine(/nginx is serving v5 again/);
    const again = await masterPid(node.dataDir);
    expect(again).toBeDefined();
    expect(again).not.toBe(master);
    expect(await node.served()).toBe('v5');
  });

  it('stops nginx and exits on SIGTERM', async () => {
    const master = (await masterPid(node.dataDir))!;
    node.agent.child.kill('SIGTERM');
    expect(await node.agent.exited).toBe(0);
    expect(await masterPid(node.dataDir)).toBeUndefined();
    // Gone, or a zombie for the instant before init reaps it.
    await until(
      async () => !/\) [^Z]/.test(await fs.readFile(`/proc/${master}/stat`, 'utf8').catch(() => '')),
      'exit',
    );
  });
});
