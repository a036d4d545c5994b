import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type tls from 'node:tls';
import type { EdgeNodeSaved } from '@nimbus/contract';
import { freePort } from '../../../edge/test/ports';
import type { TestServer } from '../harness';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const AGENT_CLI = path.join(REPO, 'apps/edge/src/cli.ts');

// Test files take ports from here too (one scheme for every worker: ports.ts).
export { freePort };

/**
 * Polls `check` until it returns a value (not undefined/false) or `ms` pass. A minute by default:
 * integration files run two at a time on two cores, and a process starting under that load is slow.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  ms = 60_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test's origin: answers `<name> <n>` (n counts requests per path) and lets caches keep it an hour. */
export async function startOrigin(name = 'origin') {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const n = (hits.get(request.url ?? '') ?? 0) + 1;
    hits.set(request.url ?? '', n);
    response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'public, max-age=3600' });
    response.end(`${name} ${request.url} ${n}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface EdgeAnswer {
  status: number;
  body: string;
  cache: string | undefined;
  headers: http.IncomingHttpHeaders;
  /** https only: the subject CN of the certificate the edge presented. */
  peerCn?: string;
}

export interface EdgeRequestOptions {
  /** The CA to trust for https (else the certificate is not checked). */
  ca?: string;
  /** The client's own address (a 127.x address the test chooses). */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  maxVersion?: tls.SecureVersion;
}

/**
 * One request to an edge address with the site's Host (and SNI for https). The path is sent as
 * written in `url`, never normalised: tests send `//`, `..` and percent-escapes on purpose.
 */
export function fetchEdge(
  url: string,
  address: string,
  options: EdgeRequestOptions = {},
): Promise<EdgeAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const afterHost = url.indexOf('/', url.indexOf('//') + 2);
  const rawPath = afterHost < 0 ? '/' : url.slice(afterHost);
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        host: address,
        port: Number(target.port) || (secure ? 443 : 80),
        path: rawPath,
        method: options.method ?? 'GET',
        headers: { host: target.host, ...options.headers },
        localAddress: options.from,
        servername: target.hostname,
        ca: options.ca,
        rejectUnauthorized: options.ca !== undefined,
        maxVersion: options.maxVersion,
        agent: false,
        timeout: 5000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const socket = response.socket as unknown as {
            getPeerCertificate?: () => { subject?: { CN?: string } };
          };
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cache: response.headers['x-cache-status'] as string | undefined,
            headers: response.headers,
            peerCn: secure ? socket.getPeerCertificate?.().subject?.CN : undefined,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end();
  });
}

export interface Agent {
  address: string;
  dataDir: string;
  controlPort: number;
  token: string;
  log: string[];
  process: ChildProcess;
  start(): void;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A real `nimbus-edge` with its own nginx (managed mode) on `address`. */
export async function startAgent(server: TestServer, saved: EdgeNodeSaved, address: string): Promise<Agent> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-edge-'));
  fs.chmodSync(dataDir, 0o755);
  const controlPort = await freePort();
  const agent: Agent = {
    address,
    dataDir,
    controlPort,
    token: saved.token!,
    log: [],
    process: undefined as unknown as ChildProcess,
    start() {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          AGENT_CLI,
          '--server',
          server.baseUrl,
          '--data-dir',
          dataDir,
          '--manage-nginx',
          '--control-port',
          String(controlPort),
          '--listen-address',
          address,
        ],
        {
          cwd: REPO,
          env: { ...process.env, NIMBUS_EDGE_TOKEN: agent.token },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (d: Buffer) => agent.log.push(...d.toString().split('\n').filter(Boolean)));
      agent.process = child;
    },
    async kill(signal = 'SIGTERM') {
      const child = agent.process;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
  agent.start();
  return agent;
}

/** Stops an agent and its nginx (also one left behind by a kill -9), and removes its files. */
export async function stopAgent(agent: Agent): Promise<void> {
  await agent.kill('SIGTERM');
  const pidFile = path.join(agent.dataDir, 'nginx.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  fs.rmSync(agent.dataDir, { recursive: true, force: true });
}
