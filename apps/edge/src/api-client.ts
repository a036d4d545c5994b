import {
  EDGE_LOG_BATCH_HEADER,
  EDGE_LOG_DROPPED_HEADER,
  EDGE_PATHS,
  edgeBlocklistSchema,
  edgeBundleSchema,
  edgeGeoSchema,
  edgeWafSchema,
  edgeWaitSchema,
  type EdgeApplyReport,
  type EdgeBlockHits,
  type EdgeBlocklist,
  type EdgeBundle,
  type EdgeGeo,
  type EdgeHeartbeat,
  type EdgeTaskReport,
  type EdgeWaf,
  type EdgeWafEvent,
  type EdgeWait,
} from '@nimbus/contract';
import type { z } from 'zod';

/** The console refused the token (401, as HTTP status or envelope code): retrying soon will not help. */
export class AuthError extends Error {}
/** The console answered, with a code that is not success: the request itself is the problem. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}
/** No usable answer (network, timeout, 5xx, not JSON): try again later. */
export class NetworkError extends Error {}

export interface EdgeApi {
  wait(version: number, timeoutSeconds: number): Promise<EdgeWait>;
  bundle(version: number): Promise<EdgeBundle>;
  report(report: EdgeApplyReport): Promise<void>;
  heartbeat(beat: EdgeHeartbeat): Promise<void>;
  taskReport(report: EdgeTaskReport): Promise<void>;
  /** Blocklist changes since a revision, waiting up to `timeoutSeconds` for one (ADR 0039). */
  blocklist(since: number, timeoutSeconds: number, signal?: AbortSignal): Promise<EdgeBlocklist>;
  blockHits(report: EdgeBlockHits): Promise<void>;
  /** The WAF rule sets of this node's sites changed since a revision (ADR 0039). */
  waf(since: number, timeoutSeconds: number, signal?: AbortSignal): Promise<EdgeWaf>;
  wafEvents(events: EdgeWafEvent[]): Promise<void>;
  /** Which country table the console serves now (its hash), and the table itself (geo.ts). */
  geo(): Promise<EdgeGeo>;
  geoTable(): Promise<Buffer>;
  /** One batch of request-log lines, gzip NDJSON (edge-logs.ts); resolves once the console stored it. */
  logs(batchId: string, gzipBody: Uint8Array, dropped: number): Promise<void>;
  /** One batch of layer-4 session lines, the same protocol as `logs`. */
  streamLogs(batchId: string, gzipBody: Uint8Array, dropped: number): Promise<void>;
}

interface CallOptions {
  query?: Record<string, number>;
  body?: unknown;
  timeoutMs: number;
  /** Ends the call early (the agent wants a fresh start of a long-poll). */
  signal?: AbortSignal;
}

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

/**
 * HTTP statuses that refuse the request itself (malformed, too large, wrong encoding: they never
 * reach a handler, ARCHITECTURE.md "API conventions"): sending it again gets the same answer.
 */
const REFUSED_STATUSES = new Set([400, 413, 415]);

export function edgeApi(server: string, token: string): EdgeApi {
  /** One request; answers the envelope's `data`, or throws one of the errors above. */
  async function call(method: 'GET' | 'POST', endpoint: string, options: CallOptions): Promise<unknown> {
    const url = new URL(`${server}/api/${endpoint}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    let envelope: Envelope;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        // Every call ends: a half-open connection must not stall the agent forever.
        signal: AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs),
          ...(options.signal ? [options.signal] : []),
        ]),
      });
      if (response.status === 401) throw new AuthError(`${endpoint}: HTTP 401`);
      if (!response.ok) throw new NetworkError(`${endpoint}: HTTP ${response.status}`);
      envelope = (await response.json()) as Envelope;
    } catch (error) {
      if (error instanceof AuthError || error instanceof NetworkError) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new NetworkError(`${endpoint}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
    if (envelope.code === 401) throw new AuthError(`${endpoint}: ${String(envelope.msg)}`);
    if (envelope.code !== 1) {
      throw new ApiError(
        `${endpoint}: ${String(envelope.code)} ${String(envelope.msg)}`,
        Number(envelope.code),
      );
    }
    return envelope.data;
  }

  function read<S extends z.ZodType>(schema: S, endpoint: string, data: unknown): z.infer<S> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiError(`${endpoint}: unexpected answer: ${parsed.error.message}`, 0);
    return parsed.data;
  }
  const send = async (endpoint: string, body: unknown, timeoutMs: number) => {
    await call('POST', endpoint, { body, timeoutMs });
  };

  /** One gzip NDJSON batch (edge-logs.ts): resolves once the console stored it, or says whether to keep it. */
  async function postLogBatch(
    endpoint: string,
    batchId: string,
    gzipBody: Uint8Array,
    dropped: number,
  ): Promise<void> {
    let response: Response;
    let envelope: Envelope;
    try {
      response = await fetch(`${server}/api/${endpoint}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'content-type': 'application/x-ndjson',
          'content-encoding': 'gzip',
          [EDGE_LOG_BATCH_HEADER]: batchId,
          [EDGE_LOG_DROPPED_HEADER]: String(dropped),
        },
        body: gzipBody,
        signal: AbortSignal.timeout(60_000),
      });
      if (response.status === 401) throw new AuthError(`${endpoint}: HTTP 401`);
      if (REFUSED_STATUSES.has(response.status))
        throw new ApiError(`${endpoint}: HTTP ${response.status}`, response.status);
      // 404 too: a console without this route yet keeps the batches until it has one.
      if (!response.ok) throw new NetworkError(`${endpoint}: HTTP ${response.status}`);
      envelope = (await response.json()) as Envelope;
    } catch (error) {
      if (error instanceof AuthError || error instanceof ApiError || error instanceof NetworkError)
        throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new NetworkError(`${endpoint}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
    if (envelope.code === 1) return;
    const message = `${endpoint}: ${String(envelope.code)} ${String(envelope.msg)}`;
    if (envelope.code === 401) throw new AuthError(message);
    // Rate limited: the batch is fine, the moment is not.
    if (envelope.code === 429) throw new NetworkError(message);
    throw new ApiError(message, Number(envelope.code));
  }

  return {
    wait: async (version, timeoutSeconds) => {
      const query = { version, timeout: timeoutSeconds };
      const data = await call('GET', EDGE_PATHS.wait, { query, timeoutMs: (timeoutSeconds + 15) * 1000 });
      return read(edgeWaitSchema, EDGE_PATHS.wait, data);
    },
    // Generous: a bundle carries every site's config and certificates of the node.
    bundle: async (version) => {
      const data = await call('GET', EDGE_PATHS.bundle, { query: { version }, timeoutMs: 120_000 });
      return read(edgeBundleSchema, EDGE_PATHS.bundle, data);
    },
    report: (body) => send(EDGE_PATHS.report, body, 15_000),
    heartbeat: (body) => send(EDGE_PATHS.heartbeat, body, 10_000),
    taskReport: (body) => send(EDGE_PATHS.taskReport, body, 15_000),
    blocklist: async (since, timeoutSeconds, signal) => {
      const query = { since, timeout: timeoutSeconds };
      const timeoutMs = (timeoutSeconds + 60) * 1000;
      const data = await call('GET', EDGE_PATHS.blocklist, { query, timeoutMs, signal });
      return read(edgeBlocklistSchema, EDGE_PATHS.blocklist, data);
    },
    blockHits: (body) => send(EDGE_PATHS.blocklistHits, body, 15_000),
    waf: async (since, timeoutSeconds, signal) => {
      const query = { since, timeout: timeoutSeconds };
      const timeoutMs = (timeoutSeconds + 60) * 1000;
      const data = await call('GET', EDGE_PATHS.waf, { query, timeoutMs, signal });
      return read(edgeWafSchema, EDGE_PATHS.waf, data);
    },
    wafEvents: (events) => send(EDGE_PATHS.wafEvents, { events }, 15_000),
    geo: async () =>
      read(edgeGeoSchema, EDGE_PATHS.geo, await call('GET', EDGE_PATHS.geo, { timeoutMs: 15_000 })),
    logs: (batchId, gzipBody, dropped) => postLogBatch(EDGE_PATHS.logs, batchId, gzipBody, dropped),
    streamLogs: (batchId, gzipBody, dropped) =>
      postLogBatch(EDGE_PATHS.streamLogs, batchId, gzipBody, dropped),
    // Binary, not an envelope: a node token's refusal still comes back as a 401 status.
    geoTable: async () => {
      const endpoint = EDGE_PATHS.geoTable;
      let response: Response;
      try {
        response = await fetch(`${server}/api/${endpoint}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new NetworkError(`${endpoint}: ${(error as Error).message}`);
      }
      if (response.status === 401) throw new AuthError(`${endpoint}: HTTP 401`);
      if (!response.ok || response.headers.get('content-type') !== 'application/octet-stream')
        throw new NetworkError(`${endpoint}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
