import { z } from 'zod';

/*
 * The edge API: what a node's agent (`nimbus-edge`) and the console say to each other. Under
 * `/api/edge/v1/`, never `app/` or `sys/`; authenticated only by the node's token in the
 * `authorization: Bearer <token>` header. Answers use the envelope `{ code, msg, data }`.
 *
 *   GET  edge/v1/wait?version=N&timeout=S  long-poll: answers at once when the latest version is
 *                                          not N or tasks are waiting, else after S seconds → EdgeWait
 *   GET  edge/v1/bundle?version=N          the full bundle of that version (latest when omitted) → EdgeBundle
 *   POST edge/v1/report                    EdgeApplyReport: applied vN, or failed vN with nginx's error
 *   POST edge/v1/heartbeat                 EdgeHeartbeat, every EDGE_HEARTBEAT_SECONDS and when health changes
 *   POST edge/v1/logs                      a batch of access-log lines (edge-logs.ts)
 *   POST edge/v1/stream-logs               a batch of layer-4 session lines, the same protocol
 *   POST edge/v1/task/report               EdgeTaskReport: a purge/preheat task done or failed on this node
 *   GET  edge/v1/agent.mjs                 the agent as one file (no token needed; the install script fetches it)
 *   GET  edge/v1/install.sh                the install script (no token; it takes the token as an argument)
 *   GET  edge/v1/probe/nodes               probes (probe token, sys/cdnsys/auth/check/key/show) → ProbeNode[]
 *   POST edge/v1/probe/report              probes (same token): what they measured (node-monitor.ts)
 */
export const EDGE_API_PREFIX = 'edge/v1';
export const EDGE_PATHS = {
  wait: 'edge/v1/wait',
  bundle: 'edge/v1/bundle',
  report: 'edge/v1/report',
  heartbeat: 'edge/v1/heartbeat',
  taskReport: 'edge/v1/task/report',
  /** Long-poll for blocklist changes (ADR 0039); `blocklist/hits` takes the node's block counts. */
  blocklist: 'edge/v1/blocklist',
  blocklistHits: 'edge/v1/blocklist/hits',
  /** Long-poll for the WAF rule sets of the node's sites; `waf/events` takes what rules did. */
  waf: 'edge/v1/waf',
  wafEvents: 'edge/v1/waf/events',
  /** The country table's hash (geo-table.ts); `geo/table` the table itself, binary. */
  geo: 'edge/v1/geo',
  geoTable: 'edge/v1/geo/table',
  /** Access-log batches, gzip NDJSON (edge-logs.ts). */
  logs: 'edge/v1/logs',
  /** Layer-4 session batches, the same protocol as `logs` (edge-logs.ts). */
  streamLogs: 'edge/v1/stream-logs',
  agentScript: 'edge/v1/agent.mjs',
  installScript: 'edge/v1/install.sh',
  probeNodes: 'edge/v1/probe/nodes',
  probeReport: 'edge/v1/probe/report',
} as const;

/** The agent's local control server, unless a node is installed with another `--control-port`. */
export const EDGE_CONTROL_PORT = 8089;

/** Longest long-poll the console holds open; agents ask for less. */
export const EDGE_WAIT_MAX_SECONDS = 30;

/**
 * Placeholder in bundle files for the absolute directory the agent unpacked the version into
 * (certificate paths, includes). The compiler cannot know where a node keeps its files.
 */
export const BUNDLE_DIR_MARKER = '__BUNDLE_DIR__';

/** The one proxy cache zone every site shares; the agent declares it in its main config. */
export const EDGE_CACHE_ZONE = 'nimbus_cache';

/**
 * Which part of the query string a site's cache key holds (performance.queryKey): keep = all of
 * it, ignore = none, include = only `params`, in their order, each as `name=<value>` (empty when
 * absent), the way nginx's `$arg_<name>` reads it: the first `name=` (name compared without
 * case), the value as sent.
 */
export interface CacheKeyQuery {
  mode: 'keep' | 'ignore' | 'include';
  params: readonly string[];
}
export const KEEP_QUERY: CacheKeyQuery = { mode: 'keep', params: [] };

/** The value nginx's `$arg_<name>` gives for a query string. */
export function nginxArg(args: string, name: string): string {
  const wanted = name.toLowerCase();
  for (const part of args.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).toLowerCase() === wanted) return part.slice(eq + 1);
  }
  return '';
}

/** The request URI as a site's key holds it (see CacheKeyQuery); the path keeps the visitor's spelling. */
export function cacheKeyUri(requestUri: string, query: CacheKeyQuery = KEEP_QUERY): string {
  if (query.mode === 'keep') return requestUri;
  const mark = requestUri.indexOf('?');
  const path = mark < 0 ? requestUri : requestUri.slice(0, mark);
  if (query.mode === 'ignore' || query.params.length === 0) return path;
  const args = mark < 0 ? '' : requestUri.slice(mark + 1);
  return `${path}?${query.params.map((p) => `${p}=${nginxArg(args, p)}`).join('&')}`;
}

/**
 * The cache key of a request: `<siteId>|<host><request uri as the site keys it>`. Scheme is left
 * out, so http and https share one copy and one purge clears both. The compiler writes it as
 * nginx's `proxy_cache_key`, the console turns purge entries into keys and prefixes with it, and
 * the agent matches stored keys against them: all three must agree, hence one definition.
 */
export function edgeCacheKey(
  siteId: number,
  host: string,
  requestUri: string,
  query: CacheKeyQuery = KEEP_QUERY,
): string {
  return `${siteId}|${host.toLowerCase()}${cacheKeyUri(requestUri, query)}`;
}

/**
 * The http-level variable holding the request URI's path as the visitor sent it (before `?`,
 * not decoded): the compiler's http.conf defines it with one map for every site.
 */
export const EDGE_PATH_VARIABLE = 'nimbus_path';

/** nginx's spelling of edgeCacheKey for a site. */
export function nginxCacheKey(siteId: number, query: CacheKeyQuery = KEEP_QUERY): string {
  if (query.mode === 'keep') return `${siteId}|$host$request_uri`;
  const path = `${siteId}|$host$${EDGE_PATH_VARIABLE}`;
  if (query.mode === 'ignore' || query.params.length === 0) return path;
  return `${path}?${query.params.map((p) => `${p}=\${arg_${p.toLowerCase()}}`).join('&')}`;
}
/** A key prefix for a path (directory and site purges): the path alone, whatever the query mode. */
export const edgeCacheKeyPrefix = (siteId: number, host: string, path: string) =>
  `${siteId}|${host.toLowerCase()}${path}`;
/** Every key of a site starts with this. */
export const siteCacheKeyPrefix = (siteId: number) => `${siteId}|`;

export const edgeBundleFileSchema = z.object({
  /** Relative to the version's directory: `http.conf`, `stream.conf`, `certs/12.pem`, … */
  path: z.string(),
  content: z.string(),
  /** Private keys are 0600 on disk. */
  secret: z.boolean().optional(),
});
export type EdgeBundleFile = z.infer<typeof edgeBundleFileSchema>;

/**
 * What a bundle serves, item by item, as the file `manifest.json` of the bundle. A version nginx
 * refuses is not refused whole: the agent leaves out the items the error names (or that a bisect
 * finds), keeping their previous config where it has one, applies the rest and reports which
 * items it left out. So one tenant's item can never stop another tenant's change.
 */
export const EDGE_MANIFEST_FILE = 'manifest.json';
export const EDGE_ITEM_KINDS = ['site', 'stream'] as const;
export type EdgeItemKind = (typeof EDGE_ITEM_KINDS)[number];
export const edgeBundleItemSchema = z.object({
  kind: z.enum(EDGE_ITEM_KINDS),
  id: z.number().int().min(1),
  /** Its own config file, included by http.conf or stream.conf: emptied to leave the item out. */
  file: z.string(),
  /** Other files its config reads (certificate and key): an error naming one names the item. */
  uses: z.array(z.string()),
  /** Ports it listens on: a failed bind names the port. */
  ports: z.array(z.number().int()),
});
export type EdgeBundleItem = z.infer<typeof edgeBundleItemSchema>;
/**
 * An upstream's servers as the customer wrote them (address: IP or host name). The compiler
 * writes no address into nginx: the upstream block includes `file`, which the agent writes
 * with `server <ip>:<port>` lines after resolving names and dropping every address in a refused
 * range (address-policy.ts) that the allow-list does not permit, and again whenever an answer
 * changes. nginx then never resolves a name itself: a name that does not resolve cannot fail the
 * load, and an answer in a refused range is never used.
 */
export const edgeUpstreamServerSchema = z.object({
  address: z.string(),
  port: z.number().int(),
  weight: z.number().int(),
  backup: z.boolean(),
});
export type EdgeUpstreamServer = z.infer<typeof edgeUpstreamServerSchema>;
export const edgeUpstreamSchema = z.object({
  /** Relative to the version dir: `upstreams/<name>.conf`. */
  file: z.string(),
  servers: z.array(edgeUpstreamServerSchema),
  /**
   * Passive health check written on every server line (`max_fails`, `fail_timeout`): failures
   * within failTimeout seconds that take a server out for failTimeout. Absent (older bundles,
   * stream rules): nginx's defaults.
   */
  maxFails: z.number().int().min(0).max(100).optional(),
  failTimeout: z.number().int().min(1).max(86_400).optional(),
});
export type EdgeUpstream = z.infer<typeof edgeUpstreamSchema>;
export const edgeManifestSchema = z.object({
  items: z.array(edgeBundleItemSchema),
  upstreams: z.array(edgeUpstreamSchema).default([]),
  /** The admin's origin allow-list (ADR 0030): ranges an edge may connect to although refused. */
  allowRanges: z.array(z.string()).default([]),
});
export type EdgeManifest = z.infer<typeof edgeManifestSchema>;

export const edgeBundleSchema = z.object({
  version: z.number().int(),
  /** sha256 of the files: two versions with one hash are the same config. */
  hash: z.string(),
  files: z.array(edgeBundleFileSchema),
});
export type EdgeBundle = z.infer<typeof edgeBundleSchema>;

/** A purge or preheat, as one node runs it. Keys and prefixes follow edgeCacheKey. */
export const edgeTaskSchema = z.discriminatedUnion('action', [
  /** Remove these exact keys. */
  z.object({ id: z.number().int(), action: z.literal('purge-keys'), keys: z.array(z.string()) }),
  /** Remove every stored key that starts with one of these (directories, whole sites). */
  z.object({ id: z.number().int(), action: z.literal('purge-prefixes'), prefixes: z.array(z.string()) }),
  /** Remove every key under `prefix` whose path (before `?`) ends with one of `extensions` (`.jpg`). */
  z.object({
    id: z.number().int(),
    action: z.literal('purge-extensions'),
    prefix: z.string(),
    extensions: z.array(z.string()),
  }),
  /** Fetch these URLs through this node's own nginx so they are cached. */
  z.object({ id: z.number().int(), action: z.literal('preheat'), urls: z.array(z.string()) }),
]);
export type EdgeTask = z.infer<typeof edgeTaskSchema>;

export const edgeWaitQuerySchema = z.object({
  version: z.coerce.number().int().min(0).default(0),
  timeout: z.coerce.number().int().min(0).max(EDGE_WAIT_MAX_SECONDS).default(25),
});

export const edgeWaitSchema = z.object({
  latestVersion: z.number().int(),
  tasks: z.array(edgeTaskSchema),
});
export type EdgeWait = z.infer<typeof edgeWaitSchema>;

export const edgeBundleQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });

/** An item the node left out of the version it applied, with nginx's error about it alone. */
export const edgeItemFailureSchema = z.object({
  kind: z.enum(EDGE_ITEM_KINDS),
  id: z.number().int().min(1),
  /** Paths relative to the version (`sites/12.conf:3`): never the node's own directories. */
  error: z.string().max(2000),
});
export type EdgeItemFailure = z.infer<typeof edgeItemFailureSchema>;

export const edgeApplyReportSchema = z.object({
  version: z.number().int().min(1),
  state: z.enum(['applied', 'failed']),
  /** nginx's own error line when failed; when applied with items left out, their errors (admins see it). */
  error: z.string().max(4000).default(''),
  /** Applied: the items left out of it (each one's owner sees only their own). */
  failures: z.array(edgeItemFailureSchema).max(10_000).default([]),
});
export type EdgeApplyReport = z.input<typeof edgeApplyReportSchema>;

/**
 * Why an agent says its node is degraded (ADR 0032): it answers the console but its nginx does not
 * serve what it should. nginx-down: the master is gone (killed or crashed) and is being restarted;
 * stale-workers: a killed master's workers were still serving an old config; restart-failed:
 * nginx could not be started again (detail: nginx's error); apply-retrying: a version could not
 * be applied while nginx was down and is retried (detail: the version and the error);
 * edge-logic-missing: nginx runs without the Lua module, so the blocklist and WAF rules are not
 * enforced (ADR 0039); edge-lists-failed: nginx refused the blocklist or the WAF rules (detail:
 * its answer).
 */
export const EDGE_DEGRADED_REASONS = [
  'nginx-down',
  'stale-workers',
  'restart-failed',
  'apply-retrying',
  'edge-logic-missing',
  'edge-lists-failed',
  'other',
] as const;
export type EdgeDegradedReason = (typeof EDGE_DEGRADED_REASONS)[number];
export const EDGE_DEGRADED_DETAIL_MAX = 1000;

export const edgeDegradedSchema = z.object({
  // A reason a newer agent knows and this console does not must not cost the heartbeat.
  reason: z.enum(EDGE_DEGRADED_REASONS).catch('other'),
  detail: z.string().max(EDGE_DEGRADED_DETAIL_MAX).default(''),
});
export type EdgeDegraded = z.infer<typeof edgeDegradedSchema>;

export const edgeHeartbeatSchema = z.object({
  appliedVersion: z.number().int().min(0),
  nginxVersion: z.string().max(100),
  agentVersion: z.string().max(100),
  uptimeSeconds: z.number().int().min(0),
  activeConnections: z.number().int().min(0),
  /** null (or absent, from agents older than the field): healthy. */
  degraded: edgeDegradedSchema.nullable().default(null),
});
export type EdgeHeartbeat = z.infer<typeof edgeHeartbeatSchema>;

export const edgeTaskReportSchema = z.object({
  id: z.number().int().min(1),
  state: z.enum(['done', 'failed']),
  error: z.string().max(4000).default(''),
});
export type EdgeTaskReport = z.input<typeof edgeTaskReportSchema>;

export const probeNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ipv4: z.string(),
  ipv6: z.string(),
  line: z.enum(['main', 'backup']),
  group: z.string(),
});
export type ProbeNode = z.infer<typeof probeNodeSchema>;
