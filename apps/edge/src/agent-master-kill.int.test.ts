import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EdgeHeartbeat } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterPid, NGINX, siteGet, until } from '../test/agent-process';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';
import { freePort } from '../test/ports';
import { acceptingWorkers } from './nginx-workers';

/*
 * `kill -9` of the nginx master the agent manages: its workers go on serving the old config
 * and hold the ports. The agent must stop them (and only them), start nginx again, apply what
 * came meanwhile (retrying while nginx cannot start), and say "degraded" until it serves.
 */
const ADDRESS = '127.0.0.73';
let node: EdgeNode;
let bystander: { dir: string; port: number; workers: number[] } | undefined;

const alive = async (pid: number) =>
  /\) [^Z]/.test(await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));

/** Another nginx on the machine, not the agent's, whose master is killed too: its workers must live. */
async function orphanedBystander() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-bystander-'));
  const port = await freePort(ADDRESS);
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(
    conf,
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\n` +
      `http { access_log off; client_body_temp_path ${dir}/tmp;\n` +
      `  server { listen ${ADDRESS}:${port}; return 200 "bystander"; } }\n`,
  );
  spawnSync(NGINX, ['-p', dir, '-c', conf, '-e', `${dir}/error.log`]);
  const master = Number((await fs.readFile(`${dir}/nginx.pid`, 'utf8')).trim());
  const workers = await until(async () => {
    const found = await acceptingWorkers(master);
    return found.length > 0 ? found : undefined;
  }, 'bystander workers');
  process.kill(master, 'SIGKILL');
  return { dir, port, workers };
}

/** Heartbeats from `from` on: a degraded one, then a healthy one serving `version`. */
const degradedThenHealthy = (from: number, version: number) =>
  until(
    () => {
      const beats = node.api.heartbeats.slice(from);
      const first = beats.findIndex((b) => b.degraded !== null);
      const healed = beats.slice(first + 1).some((b) => b.degraded === null && b.appliedVersion === version);
      return first >= 0 && healed ? beats.slice(first) : undefined;
    },
    `degraded, then healthy on v${version}`,
    40_000,
  );

beforeAll(async () => {
  node = await startEdgeNode(ADDRESS);
  node.launch();
});
afterAll(async () => {
  await node?.close();
  for (const pid of bystander?.workers ?? []) if (await alive(pid)) process.kill(pid, 'SIGKILL');
  if (bystander) await fs.rm(bystander.dir, { recursive: true, force: true });
});

describe('nimbus-edge after its nginx master was killed', () => {
  it('stops only its own stale workers, restarts nginx, applies the next version, degraded then healthy', async () => {
    const v1 = node.api.publish(node.siteFiles());
    await node.reported(v1, 'applied');
    bystander = await orphanedBystander();
    const master = (await masterPid(node.dataDir))!;
    const stale = await acceptingWorkers(master);
    const from = node.api.heartbeats.length;
    const reportsFrom = node.api.reports.length;

    process.kill(master, 'SIGKILL');
    const v2 = node.api.publish(node.siteFiles());

    await node.reported(v2, 'applied', reportsFrom);
    expect(await node.served()).toBe('v2');
    expect(node.api.reports.slice(reportsFrom).filter((r) => r.state === 'failed')).toEqual([]);
    for (const pid of stale) expect(await alive(pid)).toBe(false);
    // Another nginx's workers, orphaned the same way, are not the agent's to stop.
    for (const pid of bystander.workers) expect(await alive(pid)).toBe(true);
    expect((await siteGet(ADDRESS, bystander.port, 'x', '/')).body).toBe('bystander');

    const beats = await degradedThenHealthy(from, v2);
    expect(beats[0]!.degraded).toMatchObject({ reason: 'stale-workers' });
  });

  it('retries the version with backoff while nginx cannot start, degraded with nginx’s reason', async () => {
    const base = node.api.publish(node.siteFiles());
    await node.reported(base, 'applied');
    // The master and its workers gone, and the site's port taken at once by something not nginx.
    // Stopped first, the master cannot replace the workers; it holds the ports until it dies.
    const master = await until(() => masterPid(node.dataDir), 'a master');
    const workers = await until(async () => {
      const found = await acceptingWorkers(master);
      return found.length > 0 ? found : undefined;
    }, 'its workers');
    process.kill(master, 'SIGSTOP');
    workers.forEach((pid) => process.kill(pid, 'SIGKILL'));
    await until(async () => !(await Promise.all(workers.map(alive))).some(Boolean), 'workers gone');
    const squatter = net.createServer((socket) => socket.end());
    process.kill(master, 'SIGKILL');
    await until(async () => !(await alive(master)), 'the master gone');
    await new Promise<void>((resolve) => squatter.listen(node.sitePort, ADDRESS, resolve));
    const from = node.api.heartbeats.length;
    const reportsFrom = node.api.reports.length;
    const next = node.api.publish(node.siteFiles());

    const blocked = await until(
      () => node.api.heartbeats.slice(from).find((b) => b.degraded?.reason === 'restart-failed'),
      'a restart-failed heartbeat',
    );
    expect(blocked.degraded!.detail).toMatch(/Address already in use|could not bind/);
    await node.agent.waitForLine(new RegExp(`v${next} could not be applied while nginx is not serving`));
    const tries = () => node.api.bundleServed.filter((v) => v === next).length;
    await until(() => tries() >= 2, 'a second try', 30_000);
    expect(node.api.reports.slice(reportsFrom)).toEqual([]);

    await new Promise((resolve) => squatter.close(resolve));
    await node.reported(next, 'applied', reportsFrom);
    expect(await node.served()).toBe(`v${next}`);
    const beats: EdgeHeartbeat[] = await degradedThenHealthy(from, next);
    expect(beats.at(-1)!.degraded).toBeNull();
  });

  it('starting after both it and its master were killed, stops the stale workers and serves', async () => {
    const served = node.api.publish(node.siteFiles());
    await node.reported(served, 'applied');
    const master = (await masterPid(node.dataDir))!;
    const stale = await acceptingWorkers(master);
    node.agent.child.kill('SIGKILL');
    await node.agent.exited;
    process.kill(master, 'SIGKILL');
    const from = node.api.heartbeats.length;

    node.launch();
    await node.agent.waitForLine(new RegExp(`serving v${served}$`));
    for (const pid of stale) expect(await alive(pid)).toBe(false);
    expect(await masterPid(node.dataDir)).not.toBe(master);
    expect(await node.served()).toBe(`v${served}`);
    expect(node.agent.lines.join('\n')).not.toMatch(/does not serve|serves no config/);
    await degradedThenHealthy(from, served);
  });
});
