import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EDGE_CACHE_ZONE, edgeSiteServerTag, nginxCacheKey, type EdgeBundleFile } from '@nimbus/contract';
import { masterPid, siteGet, startAgent, stopNginx, until, type AgentProcess } from './agent-process';
import { startFakeEdgeApi, type FakeEdgeApi } from './fake-edge-api';
import { startOrigin, type Origin } from './origin';
import { freePort } from './ports';
import { layoutOf } from '../src/config';
import { control } from '../src/control';
import { acceptingWorkers } from '../src/nginx-workers';

/**
 * One edge node for a test file: a fake console, an origin, a data dir, and the real agent
 * (restartable) managing its own nginx, whose one site `a.test` listens on `address`.
 * Each test file takes its own 127.0.0.2x address so files can run side by side.
 */
export interface EdgeNode {
  api: FakeEdgeApi;
  origin: Origin;
  dataDir: string;
  sitePort: number;
  controlPort: number;
  /** The agent running now (the latest `launch`). */
  agent: AgentProcess;
  /** Starts the agent; `extraArgs` go after the node's own (a --resolver, say), `env` into its environment. */
  launch(token?: string, extraArgs?: string[], env?: NodeJS.ProcessEnv): AgentProcess;
  /** A bundle with the site; `extra` goes into its server block (a broken directive, say). */
  siteFiles(extra?: string): (version: number) => EdgeBundleFile[];
  get(urlPath: string): ReturnType<typeof siteGet>;
  /** The version the site answers with (each bundle's `/__version` location). */
  served(): Promise<string>;
  reported(version: number, state: 'applied' | 'failed', from?: number): Promise<{ error: string }>;
  taskReported(id: number): Promise<{ id: number; state: string; error: string }>;
  readState(): Promise<unknown>;
  /** The version the control server answers, asked as the agent asks (with its secret). */
  controlVersion(): Promise<number | undefined>;
  /** nginx's master and accepting workers: a reload or a restart changes them. */
  processes(): Promise<{ master: number; workers: number[] }>;
  close(): Promise<void>;
}

/** A node whose agent runs and serves the site (v1 applied). */
export async function startServingNode(address: string): Promise<EdgeNode> {
  const node = await startEdgeNode(address);
  node.launch();
  await node.reported(node.api.publish(node.siteFiles()), 'applied');
  return node;
}

export async function startEdgeNode(address: string): Promise<EdgeNode> {
  const api = await startFakeEdgeApi();
  const origin = await startOrigin();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-edge-int-'));
  const sitePort = await freePort(address);
  const controlPort = await freePort('127.0.0.1');
  const agents: AgentProcess[] = [];

  const node: EdgeNode = {
    api,
    origin,
    dataDir,
    sitePort,
    controlPort,
    agent: undefined as unknown as AgentProcess,
    launch(token = api.token, extraArgs = [], env = {}) {
      node.agent = startAgent(
        [
          ...['--server', api.url, '--data-dir', dataDir, '--manage-nginx'],
          ...['--control-port', String(controlPort), '--listen-address', address],
          ...extraArgs,
        ],
        token,
        env,
      );
      agents.push(node.agent);
      return node.agent;
    },
    siteFiles:
      (extra = '') =>
      (version) => [
        { path: 'http.conf', content: 'include __BUNDLE_DIR__/sites/*.conf;\n' },
        // b.test is another site of a.test's owner (customer 1), c.test another customer's.
        ...[
          ['b.test', 2, 1],
          ['c.test', 3, 2],
        ].map(([host, site, owner]) => ({
          path: `sites/${site}.conf`,
          content: `server {
  listen ${address}:${sitePort};
  server_name ${edgeSiteServerTag(Number(site))} ${host};
  set $nimbus_owner ${owner};
  set $nimbus_site ${site};
  location / { proxy_pass http://127.0.0.1:${origin.port}; }
}
`,
        })),
        {
          path: 'sites/1.conf',
          content: `server {
  listen ${address}:${sitePort};
  server_name ${edgeSiteServerTag(1)} a.test;
  set $nimbus_owner 1;
  set $nimbus_site 1;
  ${extra}
  location = /__version { return 200 "v${version}"; }
  location / {
    proxy_pass http://127.0.0.1:${origin.port};
    proxy_cache ${EDGE_CACHE_ZONE};
    proxy_cache_key "${nginxCacheKey(1)}";
    add_header X-Cache-Status $upstream_cache_status always;
  }
}
`,
        },
        { path: 'stream.conf', content: '' },
        { path: 'certs/1.key', content: '-----BEGIN PRIVATE KEY-----\nnot really\n', secret: true },
      ],
    get: (urlPath) => siteGet(address, sitePort, 'a.test', urlPath),
    served: async () => (await node.get('/__version')).body,
    reported: (version, state, from = 0) =>
      until(
        () => api.reports.slice(from).find((r) => r.version === version && r.state === state),
        `${state} v${version}`,
      ),
    taskReported: (id) => until(() => api.taskReports.find((r) => r.id === id), `task ${id} report`),
    controlVersion: () => control(controlPort, layoutOf({ dataDir, mode: 'managed' })).version(),
    async processes() {
      const master = (await masterPid(dataDir))!;
      return { master, workers: (await acceptingWorkers(master)).sort() };
    },
    readState: async () => JSON.parse(await fs.readFile(path.join(dataDir, 'state.json'), 'utf8')),
    // Runs even when a test failed half-way: no agent, no nginx, no files left behind.
    async close() {
      for (const a of agents)
        if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
      await Promise.all(agents.map((a) => a.exited));
      await stopNginx(dataDir);
      await api.close();
      await origin.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return node;
}
