import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import {
  EDGE_LOG_BATCH_HEADER,
  EDGE_LOG_BATCH_ID,
  EDGE_LOG_DROPPED_HEADER,
  edgeApplyReportSchema,
  edgeBlockHitsSchema,
  edgeBlocklistQuerySchema,
  edgeBundleQuerySchema,
  edgeWafEventsSchema,
  edgeHeartbeatSchema,
  edgeTaskReportSchema,
  edgeWaitQuerySchema,
  geoTable,
  PLATFORM_SCOPE,
  type BlockScope,
  type EdgeApplyReport,
  type EdgeBlockHits,
  type EdgeBlocklist,
  type EdgeBundle,
  type EdgeBundleFile,
  type EdgeHeartbeat,
  type EdgeTask,
  type EdgeTaskReport,
  type EdgeWaf,
  type EdgeWafEvent,
  type WafEdgeRule,
} from '@nimbus/contract';

/**
 * The console's edge API as the contract describes it, in memory: bundles, pending tasks, and
 * every report the agent sends, each checked against the contract's schema (a report that does
 * not parse is answered 400 and not recorded, so a test waiting for it fails).
 */
export interface FakeEdgeApi {
  url: string;
  token: string;
  bundles: Map<number, EdgeBundle>;
  tasks: EdgeTask[];
  reports: Required<EdgeApplyReport>[];
  taskReports: Required<EdgeTaskReport>[];
  heartbeats: EdgeHeartbeat[];
  /** `GET bundle` answers, in order, by version. */
  bundleServed: number[];
  /** Runs after a bundle answer has been written (e.g. to kill the agent right then). */
  afterBundle?: (version: number) => void;
  /** A new version with these files (a function gets the number the version will have). */
  publish(files: EdgeBundleFile[] | ((version: number) => EdgeBundleFile[])): number;
  addTask(task: EdgeTask): void;
  /** Blocks a canonical range (ttl in seconds, 0 = permanent) or releases it: a new revision each. */
  /** `scope`: only that customer's sites (a WAF rule's blacklisting) or that site (a ban); default all. */
  block(range: string, ttl?: number, scope?: BlockScope): void;
  release(range: string, scope?: BlockScope): void;
  /** Block counts the agent reported. */
  blockHits: EdgeBlockHits['hits'];
  /** `GET blocklist` answers, in order. */
  blocklistServed: EdgeBlocklist[];
  /** A site's whole WAF rule set (empty: it has none any more): a new revision. */
  setWafRules(siteId: number, rules: WafEdgeRule[]): void;
  wafEvents: EdgeWafEvent[];
  /** The country table served (default: one with no country anywhere); the agent takes it at start. */
  geoTable: Buffer;
  /** Stored access-log batches by id, as the console dedupes them: a batch sent again is kept once. */
  logBatches: Map<string, string[]>;
  /** Every `POST logs` that was stored, in order (repeats included), with its dropped count. */
  logPosts: { id: string; dropped: number }[];
  /** While set, `POST logs` and `POST stream-logs` get this HTTP status instead (a console in trouble). */
  logsStatus?: number;
  /** While above 0, a batch is stored but the connection is cut instead of answered (counts down). */
  logsLoseAnswers?: number;
  /** Runs after a stored batch's answer has been written (e.g. to kill the agent right then). */
  afterLogBatch?: (id: string) => void;
  /** The same for layer-4 session batches (`POST stream-logs`). */
  streamBatches: Map<string, string[]>;
  streamPosts: { id: string; dropped: number }[];
  afterStreamBatch?: (id: string) => void;
  close(): Promise<void>;
}

type Answer = { code: number; msg: string; data?: unknown };

export async function startFakeEdgeApi(token = 'edge_test_token'): Promise<FakeEdgeApi> {
  const waiters = new Set<() => void>();
  const known = new Set<number>();
  const wake = () => [...waiters].forEach((w) => w());
  const latest = () => Math.max(0, ...api.bundles.keys());
  // The console's blocklist rows, reduced to what the edge protocol needs (ADR 0039).
  const blocks = new Map<
    string,
    { range: string; scope: BlockScope; revision: number; expiresAt: number | null; released: boolean }
  >();
  let revision = 0;
  const ttlOf = (expiresAt: number | null) =>
    expiresAt === null ? 0 : Math.ceil((expiresAt - Date.now()) / 1000);
  const active = (b: { expiresAt: number | null; released: boolean }) =>
    !b.released && (b.expiresAt === null || b.expiresAt > Date.now());
  function blocklistSince(since: number): EdgeBlocklist {
    const full = since === 0 || since > revision;
    const answer: EdgeBlocklist = { revision, full, add: [], remove: [] };
    for (const { range, scope, ...b } of blocks.values()) {
      if (!full && b.revision <= since) continue;
      if (active(b)) answer.add.push({ range, ...scope, ttl: ttlOf(b.expiresAt) });
      else if (!full) answer.remove.push({ range, ...scope });
    }
    return answer;
  }

  // The WAF rule sets, each with the revision that last changed it.
  const wafSites = new Map<number, { revision: number; rules: WafEdgeRule[] }>();
  function wafSince(since: number): EdgeWaf {
    const full = since === 0 || since > revision;
    const answer: EdgeWaf = { revision, full, sites: [], removed: [] };
    for (const [siteId, site] of wafSites) {
      if (!full && site.revision <= since) continue;
      if (site.rules.length > 0) answer.sites.push({ siteId, rules: site.rules });
      else if (!full) answer.removed.push(siteId);
    }
    return answer;
  }

  /** Holds a long-poll until `ready` or the timeout (or the agent hangs up). */
  const hold = (req: http.IncomingMessage, timeoutSeconds: number, ready: () => boolean) =>
    ready()
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          };
          const check = () => ready() && done();
          const timer = setTimeout(done, timeoutSeconds * 1000);
          waiters.add(check);
          req.socket.once('close', done);
        });

  async function handle(req: http.IncomingMessage, url: URL, body: unknown): Promise<Answer> {
    if (req.headers.authorization !== `Bearer ${token}`) return { code: 401, msg: 'bad node token' };
    const query = Object.fromEntries(url.searchParams);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /api/edge/v1/wait') {
      const { version, timeout } = edgeWaitQuerySchema.parse(query);
      await hold(req, timeout, () => latest() !== version || api.tasks.length > 0);
      return { code: 1, msg: 'ok', data: { latestVersion: latest(), tasks: api.tasks } };
    }
    if (route === 'GET /api/edge/v1/blocklist') {
      const { since, timeout } = edgeBlocklistQuerySchema.parse(query);
      await hold(req, timeout, () => revision !== since);
      const answer = blocklistSince(since);
      api.blocklistServed.push(answer);
      return { code: 1, msg: 'ok', data: answer };
    }
    if (route === 'GET /api/edge/v1/bundle') {
      const version = edgeBundleQuerySchema.parse(query).version ?? latest();
      const bundle = api.bundles.get(version);
      return bundle ? { code: 1, msg: 'ok', data: bundle } : { code: 404, msg: 'no such version' };
    }
    const record = <T>(
      schema: { safeParse(v: unknown): { success: boolean; data?: T } },
      into: T[],
    ): Answer => {
      const parsed = schema.safeParse(body);
      if (!parsed.success) return { code: 400, msg: `bad body: ${JSON.stringify(body)}` };
      into.push(parsed.data!);
      return { code: 1, msg: 'ok' };
    };
    if (route === 'POST /api/edge/v1/report') {
      const report = edgeApplyReportSchema.safeParse(body);
      if (report.success && !api.bundles.has(report.data.version))
        return { code: 404, msg: 'no such version' };
      return record(edgeApplyReportSchema, api.reports);
    }
    if (route === 'GET /api/edge/v1/waf') {
      const { since, timeout } = edgeBlocklistQuerySchema.parse(query);
      await hold(req, timeout, () => revision !== since);
      return { code: 1, msg: 'ok', data: wafSince(since) };
    }
    if (route === 'POST /api/edge/v1/waf/events') {
      const parsed = edgeWafEventsSchema.safeParse(body);
      if (!parsed.success) return { code: 400, msg: `bad body: ${JSON.stringify(body)}` };
      api.wafEvents.push(...parsed.data.events);
      return { code: 1, msg: 'ok' };
    }
    if (route === 'POST /api/edge/v1/blocklist/hits') {
      const hits: EdgeBlockHits[] = [];
      const answer = record(edgeBlockHitsSchema, hits);
      api.blockHits.push(...(hits[0]?.hits ?? []));
      return answer;
    }
    if (route === 'GET /api/edge/v1/geo') {
      const hash = crypto.createHash('sha256').update(api.geoTable).digest('hex');
      const bytes = api.geoTable.length;
      return { code: 1, msg: 'ok', data: { hash, entries: bytes / 6, bytes } };
    }
    if (route === 'POST /api/edge/v1/heartbeat') return record(edgeHeartbeatSchema, api.heartbeats);
    if (route === 'POST /api/edge/v1/task/report') {
      const report = edgeTaskReportSchema.safeParse(body);
      if (report.success && !known.has(report.data.id)) return { code: 404, msg: 'no such task' };
      const answer = record(edgeTaskReportSchema, api.taskReports);
      const id = api.taskReports.at(-1)?.id;
      if (answer.code === 1) api.tasks = api.tasks.filter((t) => t.id !== id);
      return answer;
    }
    return { code: 404, msg: `no route ${route}` };
  }

  /** The console's side of edge-logs.ts: headers checked, body unpacked, stored once per id. */
  function logBatch(
    req: http.IncomingMessage,
    body: Buffer,
    batches: Map<string, string[]>,
    posts: { id: string; dropped: number }[],
  ): Answer | number {
    if (api.logsStatus) return api.logsStatus;
    if (req.headers.authorization !== `Bearer ${token}`) return { code: 401, msg: 'bad node token' };
    const id = String(req.headers[EDGE_LOG_BATCH_HEADER]);
    const dropped = Number(req.headers[EDGE_LOG_DROPPED_HEADER]);
    if (
      !EDGE_LOG_BATCH_ID.test(id) ||
      !Number.isInteger(dropped) ||
      req.headers['content-type'] !== 'application/x-ndjson' ||
      req.headers['content-encoding'] !== 'gzip'
    )
      return { code: 400, msg: `bad batch headers: ${JSON.stringify(req.headers)}` };
    const lines = zlib.gunzipSync(body).toString('utf8').split('\n');
    if (lines.pop() !== '') return { code: 400, msg: 'a batch ends with a newline' };
    if (!batches.has(id)) batches.set(id, lines);
    else if (batches.get(id)!.join('\n') !== lines.join('\n'))
      return { code: 409, msg: `batch ${id} came again with other lines` };
    posts.push({ id, dropped });
    return { code: 1, msg: 'ok' };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // The one binary answer, as the console sends it.
      if (url.pathname === '/api/edge/v1/geo/table' && req.headers.authorization === `Bearer ${token}`) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(api.geoTable);
        return;
      }
      if (url.pathname === '/api/edge/v1/logs' && req.method === 'POST') {
        const answer = logBatch(req, Buffer.concat(chunks), api.logBatches, api.logPosts);
        if (typeof answer !== 'number' && answer.code === 1 && (api.logsLoseAnswers ?? 0) > 0) {
          api.logsLoseAnswers!--;
          res.destroy();
          return;
        }
        res.writeHead(typeof answer === 'number' ? answer : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(typeof answer === 'number' ? { code: answer, msg: 'failing' } : answer),
          () => {
            if (typeof answer !== 'number' && answer.code === 1) api.afterLogBatch?.(api.logPosts.at(-1)!.id);
          },
        );
        return;
      }
      if (url.pathname === '/api/edge/v1/stream-logs' && req.method === 'POST') {
        const answer = logBatch(req, Buffer.concat(chunks), api.streamBatches, api.streamPosts);
        res.writeHead(typeof answer === 'number' ? answer : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(typeof answer === 'number' ? { code: answer, msg: 'failing' } : answer),
          () => {
            if (typeof answer !== 'number' && answer.code === 1)
              api.afterStreamBatch?.(api.streamPosts.at(-1)!.id);
          },
        );
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      void Promise.resolve()
        .then(() => handle(req, url, text ? JSON.parse(text) : undefined))
        .catch((error: Error): Answer => ({ code: 400, msg: error.message }))
        .then((answer) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer), () => {
            if (url.pathname.endsWith('/bundle') && answer.code === 1) {
              const version = (answer.data as EdgeBundle).version;
              api.bundleServed.push(version);
              api.afterBundle?.(version);
            }
          });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const api: FakeEdgeApi = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    bundles: new Map(),
    tasks: [],
    reports: [],
    taskReports: [],
    heartbeats: [],
    bundleServed: [],
    blockHits: [],
    blocklistServed: [],
    wafEvents: [],
    geoTable: Buffer.from(geoTable([]).table),
    logBatches: new Map(),
    logPosts: [],
    streamBatches: new Map(),
    streamPosts: [],
    setWafRules(siteId, rules) {
      wafSites.set(siteId, { revision: ++revision, rules });
      wake();
    },
    block(range, ttl = 0, scope = PLATFORM_SCOPE) {
      blocks.set(`${scope.owner} ${scope.site} ${range}`, {
        range,
        scope,
        revision: ++revision,
        expiresAt: ttl ? Date.now() + ttl * 1000 : null,
        released: false,
      });
      wake();
    },
    release(range, scope = PLATFORM_SCOPE) {
      const key = `${scope.owner} ${scope.site} ${range}`;
      const b = blocks.get(key);
      if (b) blocks.set(key, { ...b, revision: ++revision, released: true });
      wake();
    },
    publish(files) {
      const version = latest() + 1;
      const list = typeof files === 'function' ? files(version) : files;
      api.bundles.set(version, { version, hash: `hash-${version}`, files: list });
      wake();
      return version;
    },
    addTask(task) {
      known.add(task.id);
      api.tasks.push(task);
      wake();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
