import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How long a wait for the agent or nginx lasts: integration files run two at a time on two cores,
 * and an agent starting under that load is slow.
 */
const WAIT_MS = 60_000;

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
export const NGINX = '/usr/sbin/nginx';

export interface AgentProcess {
  child: ChildProcess;
  lines: string[];
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** The real agent as its own process, as an operator runs it (the token in the environment). */
export function startAgent(args: string[], token: string, env: NodeJS.ProcessEnv = {}): AgentProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, ...env, NIMBUS_EDGE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let rest = '';
  const take = (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    const parts = rest.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
    if (process.env.EDGE_TEST_VERBOSE) parts.forEach((l) => console.log(`[agent ${child.pid}] ${l}`));
    listeners.forEach((l) => l());
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitForLine: (pattern, timeoutMs = WAIT_MS) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = lines.find((l) => pattern.test(l));
          if (!hit) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no agent line ${pattern} within ${timeoutMs} ms; got:\n${lines.join('\n')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
}

export async function until<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = WAIT_MS,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SiteAnswer {
  status: number;
  body: string;
  cache: string | undefined;
}

/** A client request to a site on the node, by Host (what curl -H 'Host: …' does). */
export function siteGet(address: string, port: number, host: string, urlPath: string): Promise<SiteAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: address, port, path: urlPath, headers: { host }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          cache: res.headers['x-cache-status'] as string | undefined,
        }),
      );
    });
    req.setTimeout(5_000, () => req.destroy(new Error('site request timed out')));
    req.on('error', reject);
  });
}

export async function masterPid(dataDir: string): Promise<number | undefined> {
  const pid = Number((await fs.readFile(path.join(dataDir, 'nginx.pid'), 'utf8').catch(() => '')).trim());
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Stops a managed nginx left running (a killed agent leaves its master behind on purpose). */
export async function stopNginx(dataDir: string): Promise<void> {
  const pid = await masterPid(dataDir);
  if (!pid) return;
  await new Promise((resolve) =>
    spawn(NGINX, ['-p', dataDir, '-c', path.join(dataDir, 'nginx.conf'), '-e', 'stderr', '-s', 'stop'], {
      stdio: 'ignore',
    }).once('exit', resolve),
  );
  // `-s stop` parses nginx.conf first; if that fails, the signal it would have sent still works.
  const gone = () => until(async () => !(await masterPid(dataDir)), `nginx ${pid} to stop`, 5_000);
  await gone().catch(async () => {
    process.kill(pid, 'SIGTERM');
    await gone().catch(() => process.kill(pid, 'SIGKILL'));
  });
}

export interface Visit {
  /** The source address (any 127/8 address on Linux): how tests tell visitors apart. */
  from?: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

/** One request to a site of host `a.test` from a chosen source address: its status. */
export function statusFrom(
  address: string,
  port: number,
  { from = '127.0.20.1', method = 'GET', path: urlPath = '/x', headers = {} }: Visit,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: address,
        port,
        method,
        path: urlPath,
        localAddress: from,
        headers: { host: 'a.test', 'user-agent': 'Mozilla/5.0', ...headers },
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(5_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end();
  });
}
