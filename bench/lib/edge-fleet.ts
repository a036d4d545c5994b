import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ORIGIN_POLICY_PATHS } from '@nimbus/contract';
import { startTsChild, type Child } from './child';
import { once, onInterrupt } from './cleanup';
import { ROOT, type RunningNimbus } from './nimbus';
import { freePort } from './ports';
import { descendants } from './proc-cpu';

/** The local edges of the data-plane benchmarks: one node and one real agent per address. */
export const EDGE_ADDRESSES = ['127.0.0.61', '127.0.0.62'];
/** How often each edge is asked whether it serves the change yet. */
export const POLL_MS = 10;

export interface Fleet {
  addresses: string[];
  /**
   * Stops one edge's agent and nginx and starts them again on the same data dir (cache, applied
   * version) with these extra agent options (none: as started).
   */
  restart(address: string, options?: string[]): Promise<void>;
  /** One edge's processes now: its agent, and its nginx master with the workers. */
  processes(address: string): { agent: number; nginx: number[] };
  stop(): Promise<void>;
}

interface Agent {
  child: Child;
  dataDir: string;
  token: string;
  address: string;
}

/** One call of Nimbus's API with a session token; throws unless the envelope says success. */
export async function post<T>(nimbus: RunningNimbus, token: string, p: string, body: unknown): Promise<T> {
  const response = await fetch(`${nimbus.baseUrl}/api/${p}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${p}: ${answer.msg}`);
  return answer.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An nginx master the agent left running (it stops its own on SIGTERM): TERM, then KILL. */
async function stopNginx(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'nginx.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : 0;
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

async function haltAgent(agent: Agent): Promise<void> {
  await agent.child.stop(20_000);
  await stopNginx(agent.dataDir).catch(() => undefined);
}

async function stopAgent(agent: Agent): Promise<void> {
  await haltAgent(agent);
  fs.rmSync(agent.dataDir, { recursive: true, force: true });
  fs.rmSync(`${agent.dataDir}.log`, { force: true });
}

async function startAgent(
  nimbus: RunningNimbus,
  token: string,
  address: string,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-edge-')),
  options: string[] = [],
): Promise<Agent> {
  const child = startTsChild('apps/edge/src/cli.ts', {
    cwd: ROOT,
    logFile: `${dataDir}.log`,
    env: { ...process.env, NIMBUS_EDGE_TOKEN: token },
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
      ...options,
    ],
  });
  return { child, dataDir, token, address };
}

/**
 * A default node group, one node per address (admin API), and a real `nimbus-edge` with its own
 * nginx on each. Everything started is stopped again if a later step fails or the run is interrupted.
 */
export async function startFleet(nimbus: RunningNimbus, addresses: string[]): Promise<Fleet> {
  const agents: Agent[] = [];
  const stop = once(async () => {
    for (const agent of agents) await stopAgent(agent);
  });
  const forget = onInterrupt(stop);
  try {
    const admin = await nimbus.login('admin');
    const group = await post<{ id: number }>(nimbus, admin, 'sys/edge/group/save', {
      name: 'bench',
      isDefault: true,
    });
    // The bench's origins run on this machine: loopback is allowed as in the one-machine trial.
    await post(nimbus, admin, ORIGIN_POLICY_PATHS.save, { allowRanges: '127.0.0.0/8' });
    for (const [i, address] of addresses.entries()) {
      const node = await post<{ token: string }>(nimbus, admin, 'sys/edge/node/save', {
        name: `bench-${i + 1}`,
        ipv4: `198.51.100.${i + 1}`,
        listenAddress: address,
        groupId: group.id,
      });
      agents.push(await startAgent(nimbus, node.token, address));
    }
    await Promise.all(agents.map((a) => a.child.waitFor('serving v', 60_000)));
  } catch (error) {
    await stop();
    forget();
    throw error;
  }
  return {
    addresses,
    async restart(address, options = []) {
      const i = agents.findIndex((a) => a.address === address);
      const old = agents[i];
      if (!old) throw new Error(`no edge on ${address}`);
      await haltAgent(old);
      const agent = await startAgent(nimbus, old.token, address, old.dataDir, options);
      agents[i] = agent;
      await agent.child.waitFor('serving v', 60_000);
    },
    processes(address) {
      const agent = agents.find((a) => a.address === address);
      if (!agent) throw new Error(`no edge on ${address}`);
      const master = Number(fs.readFileSync(path.join(agent.dataDir, 'nginx.pid'), 'utf8').trim());
      return { agent: agent.child.process.pid!, nginx: [master, ...descendants(master, 'nginx')] };
    },
    async stop() {
      await stop();
      forget();
    },
  };
}

export interface Origin {
  port: number;
  close(): Promise<void>;
}

/** An origin answering `<label> <path> <n>` (n counts its answers); `cacheable` lets edges keep it an hour. */
export async function startOrigin(label: string, cacheable: boolean): Promise<Origin> {
  let n = 0;
  const server = http.createServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'text/plain',
      'cache-control': cacheable ? 'public, max-age=3600' : 'no-store',
    });
    response.end(`${label} ${request.url} ${++n}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EdgeAnswer {
  status: number;
  body: string;
  /** nginx's $upstream_cache_status: HIT, MISS, EXPIRED… */
  cache: string | undefined;
}

/** One GET through an edge with the site's Host, on a fresh connection. */
export function viaEdge(address: string, port: number, host: string, p: string): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: address, port, path: p, headers: { host }, agent: false, timeout: 5000 },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            cache: response.headers['x-cache-status'] as string | undefined,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/**
 * Polls every edge on its own, every POLL_MS, until `check(edge)` held once on each. Returns the
 * milliseconds since `since` at which each edge first passed (throws after `limitMs`).
 */
export async function untilEach(
  edges: string[],
  check: (edge: string) => Promise<boolean>,
  since = performance.now(),
  limitMs = 20_000,
): Promise<number[]> {
  return Promise.all(
    edges.map(async (edge) => {
      for (;;) {
        if (await check(edge).catch(() => false)) return performance.now() - since;
        if (performance.now() - since > limitMs) throw new Error(`${edge}: not reached within ${limitMs} ms`);
        await sleep(POLL_MS);
      }
    }),
  );
}
