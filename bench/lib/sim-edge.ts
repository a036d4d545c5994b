import http from 'node:http';
import {
  EDGE_HEARTBEAT_SECONDS,
  EDGE_PATHS,
  edgeBlocklistSchema,
  edgeBundleSchema,
  edgeWafSchema,
  edgeWaitSchema,
  type EdgeApplyReport,
  type EdgeBundle,
  type EdgeHeartbeat,
  type EdgeTaskReport,
} from '@nimbus/contract';

/*
 * A fleet of simulated edge nodes in this process, speaking the agent's protocol
 * (apps/edge/src/agent.ts, api-client.ts) with each node's own token: the versions long-poll
 * (25 s), the bundle pull and the applied report, the heartbeat every EDGE_HEARTBEAT_SECONDS,
 * and the blocklist and WAF long-polls (10 s). No nginx: a node acknowledges a bundle as soon as
 * it has fetched and parsed it, so the figures are the console's alone. Not simulated: the
 * country table (asked once an hour) and block/WAF reports (sent only when nginx counted some).
 */

/** The agent's own waits (poller.ts WAIT_SECONDS, shared-sync.ts SHARED_WAIT_SECONDS). */
const WAIT_SECONDS = 25;
const LIST_WAIT_SECONDS = 10;
const RETRY_MS = 1_000;

export interface SimNodeSpec {
  /** The console this node talks to (`http://127.0.0.1:port`). */
  server: string;
  token: string;
}

/** Requests by endpoint and failures by reason, over the fleet's life. */
export interface FleetCounts {
  requests: Record<string, number>;
  failures: Record<string, number>;
  /** How long the console took to answer each heartbeat (ms), in order: it should answer at once. */
  heartbeatMs: number[];
}

export interface SimFleet {
  size: number;
  /**
   * Resolves once every node acknowledged (its report answered) a bundle for which `match`
   * holds, or after `limitMs`: each node's time of that acknowledgement (performance.now()),
   * null for a node that did not acknowledge in time.
   */
  untilAll(match: (bundle: EdgeBundle) => boolean, limitMs: number): Promise<(number | null)[]>;
  counts(): FleetCounts;
  stop(): Promise<void>;
}

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startSimFleet(specs: SimNodeSpec[]): SimFleet {
  // One pool for the fleet: each long-poll holds a socket, so up to three per node plus the
  // heartbeats, bundle pulls and reports in flight; idle ones are kept for the next beat.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: specs.length * 4 });
  const counts: FleetCounts = { requests: {}, failures: {}, heartbeatMs: [] };
  let stopped = false;
  const watchers = new Set<{
    match: (b: EdgeBundle) => boolean;
    onAck: (node: number, at: number) => void;
  }>();
  const bump = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);

  function call(
    spec: SimNodeSpec,
    method: 'GET' | 'POST',
    endpoint: string,
    options: { query?: Record<string, number>; body?: unknown; timeoutMs: number },
  ): Promise<unknown> {
    const url = new URL(`${spec.server}/api/${endpoint}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    bump(counts.requests, endpoint);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${spec.token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
            try {
              const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope;
              if (envelope.code !== 1) return reject(new Error(`code ${String(envelope.code)}`));
              resolve(envelope.data);
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      request.setTimeout(options.timeoutMs, () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(body);
    });
  }

  /** Runs `step` until the fleet stops; a failure is counted and retried after a second. */
  async function loop(endpoint: string, step: () => Promise<void>): Promise<void> {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        if (stopped) return;
        bump(counts.failures, `${endpoint}: ${(error as Error).message}`);
        await sleep(RETRY_MS);
      }
    }
  }

  const read = <T>(schema: { parse(data: unknown): T }, data: unknown): T => schema.parse(data);

  function runNode(spec: SimNodeSpec, index: number): Promise<unknown> {
    let seen = 0;
    let applied = 0;
    const started = performance.now();

    const versions = loop(EDGE_PATHS.wait, async () => {
      const query = { version: seen, timeout: WAIT_SECONDS };
      const timeoutMs = (WAIT_SECONDS + 15) * 1000;
      const answer = read(edgeWaitSchema, await call(spec, 'GET', EDGE_PATHS.wait, { query, timeoutMs }));
      const latest = answer.latestVersion;
      if (latest > 0 && latest !== seen) {
        const data = await call(spec, 'GET', EDGE_PATHS.bundle, {
          query: { version: latest },
          timeoutMs: 120_000,
        });
        const bundle = read(edgeBundleSchema, data);
        const report: EdgeApplyReport = { version: bundle.version, state: 'applied' };
        await call(spec, 'POST', EDGE_PATHS.report, { body: report, timeoutMs: 15_000 });
        const at = performance.now();
        applied = bundle.version;
        for (const watcher of watchers) if (watcher.match(bundle)) watcher.onAck(index, at);
      }
      seen = latest;
      for (const task of answer.tasks) {
        const report: EdgeTaskReport = { id: task.id, state: 'done' };
        await call(spec, 'POST', EDGE_PATHS.taskReport, { body: report, timeoutMs: 15_000 });
      }
    });

    // Spread over one period, as agents started at different times would be.
    const beats = sleep(Math.random() * EDGE_HEARTBEAT_SECONDS * 1000).then(() =>
      loop(EDGE_PATHS.heartbeat, async () => {
        const beat: EdgeHeartbeat = {
          appliedVersion: applied,
          nginxVersion: '1.22.1',
          agentVersion: 'bench',
          uptimeSeconds: Math.floor((performance.now() - started) / 1000),
          activeConnections: 0,
          degraded: null,
        };
        const sent = performance.now();
        await call(spec, 'POST', EDGE_PATHS.heartbeat, { body: beat, timeoutMs: 10_000 });
        counts.heartbeatMs.push(performance.now() - sent);
        await sleep(EDGE_HEARTBEAT_SECONDS * 1000);
      }),
    );

    const list = (endpoint: string, schema: { parse(data: unknown): { revision: number } }) => {
      let since = 0;
      return loop(endpoint, async () => {
        const query = { since, timeout: LIST_WAIT_SECONDS };
        const timeoutMs = (LIST_WAIT_SECONDS + 60) * 1000;
        since = read(schema, await call(spec, 'GET', endpoint, { query, timeoutMs })).revision;
      });
    };
    return Promise.all([
      versions,
      beats,
      list(EDGE_PATHS.blocklist, edgeBlocklistSchema),
      list(EDGE_PATHS.waf, edgeWafSchema),
    ]);
  }

  const running = specs.map(runNode);

  return {
    size: specs.length,
    untilAll(match, limitMs) {
      return new Promise((resolve) => {
        const times: (number | null)[] = specs.map(() => null);
        let left = specs.length;
        const done = () => {
          clearTimeout(timer);
          watchers.delete(watcher);
          resolve(times);
        };
        const watcher = {
          match,
          onAck(node: number, at: number) {
            if (times[node] !== null) return;
            times[node] = at;
            if (--left === 0) done();
          },
        };
        const timer = setTimeout(done, limitMs);
        watchers.add(watcher);
      });
    },
    counts: () => counts,
    async stop() {
      stopped = true;
      agent.destroy();
      await Promise.allSettled(running);
    },
  };
}
