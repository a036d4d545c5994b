import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTsChild, type Child } from './child';
import { ROOT, type RunningNimbus } from './nimbus';
import { freePort } from './ports';

export interface Fleet {
  addresses: string[];
  stop(): Promise<void>;
}

async function api<T>(nimbus: RunningNimbus, token: string, p: string, body: unknown): Promise<T> {
  const response = await fetch(`${nimbus.baseUrl}/api/${p}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${p}: ${answer.msg}`);
  return answer.data;
}
export const post = api;

/** A default node group, one node per address, and a real agent with its own nginx on each. */
export async function startFleet(nimbus: RunningNimbus, addresses: string[]): Promise<Fleet> {
  const admin = await nimbus.login('admin');
  const group = await api<{ id: number }>(nimbus, admin, 'sys/edge/group/save', {
    name: 'bench',
    isDefault: true,
  });
  const agents: { child: Child; dataDir: string }[] = [];
  for (const [i, address] of addresses.entries()) {
    const saved = await api<{ token: string }>(nimbus, admin, 'sys/edge/node/save', {
      name: `bench-${i + 1}`,
      ipv4: `198.51.100.${i + 1}`,
      listenAddress: address,
      groupId: group.id,
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-edge-'));
    const child = startTsChild('apps/edge/src/cli.ts', {
      cwd: ROOT,
      logFile: `${dataDir}.log`,
      env: { ...process.env, NIMBUS_EDGE_TOKEN: saved.token },
      args: [
        '--server',
        nimbus.baseUrl,
        '--data-dir',
        dataDir,
        '--manage-nginx',
        '--control-port',
        String(await freePort()),
        '--listen-address',
        address,
      ],
    });
    agents.push({ child, dataDir });
  }
  await Promise.all(agents.map((a) => a.child.waitFor('serving v', 60_000)));
  return {
    addresses,
    async stop() {
      for (const agent of agents) {
        await agent.child.stop(20_000);
        const pid = path.join(agent.dataDir, 'nginx.pid');
        if (fs.existsSync(pid)) {
          try {
            process.kill(Number(fs.readFileSync(pid, 'utf8').trim()), 'SIGTERM');
          } catch {
            // already gone
          }
        }
        fs.rmSync(agent.dataDir, { recursive: true, force: true });
        fs.rmSync(`${agent.dataDir}.log`, { force: true });
      }
    },
  };
}

/** An origin answering `<label> <path> <n>`; `cacheable` lets edges keep it an hour. */
export async function startOrigin(label: string, cacheable: boolean) {
  let n = 0;
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'cache-control': cacheable ? 'public, max-age=3600' : 'no-store' });
    response.end(`${label} ${request.url} ${++n}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One GET through an edge with the site's Host. */
export function viaEdge(address: string, port: number, host: string, p: string) {
  return new Promise<{ body: string; cache: string | undefined }>((resolve, reject) => {
    const request = http.get(
      { host: address, port, path: p, headers: { host }, agent: false },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () =>
          resolve({ body, cache: response.headers['x-cache-status'] as string | undefined }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** Milliseconds until `check` holds, polling every 10 ms (throws after `limitMs`). */
export async function timeUntil(check: () => Promise<boolean>, limitMs = 20_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not reached within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
