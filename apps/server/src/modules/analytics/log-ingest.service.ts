import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { EDGE_LOG_BATCH_ID, EDGE_LOG_MAX_LINES } from '@nimbus/contract';
import type pg from 'pg';
import { badRequest } from '../../platform/http/app-error';
import { ipPlace } from '../../integrations/ip2region/ip2region';
import type { AnalyticsStore } from './analytics-store';
import { parseLogLine, type StoredRequest } from './log-line';

const unzip = promisify(gunzip);
/** Unpacked size a batch may reach: a small body that unpacks to gigabytes is refused. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Lines stamped this far ahead of the console's clock are a node's broken clock, not traffic. */
const FUTURE_SLACK_MS = 3_600_000;

/** Client addresses whose place is remembered; past it the memory starts again (no LRU needed). */
const PLACES_KEPT = 200_000;

/**
 * Where a client is (region: province in China, else country) and its network, remembered
 * across batches: a client sends many requests, and the lookup is a fifth of a line's cost.
 */
function placeLookup() {
  const places = new Map<string, { region: string; isp: string }>();
  return (ip: string) => {
    let place = places.get(ip);
    if (!place) {
      if (places.size >= PLACES_KEPT) places.clear();
      const found = ip ? ipPlace(ip) : null;
      place = { region: found ? found.province || found.country : '', isp: found?.isp ?? '' };
      places.set(ip, place);
    }
    return place;
  };
}

export interface LogBatchInput {
  nodeId: number;
  batchId: string;
  dropped: number;
  gzipBody: Buffer;
}

/** A batch's lines, unpacked with a bound; a bad id or body is the batch's fault (400: dropped). */
export async function batchLines(input: LogBatchInput): Promise<string[]> {
  if (!EDGE_LOG_BATCH_ID.test(input.batchId)) throw badRequest('analytics.batchId');
  let text: string;
  try {
    text = (await unzip(input.gzipBody, { maxOutputLength: MAX_UNPACKED_BYTES })).toString('utf8');
  } catch {
    throw badRequest('common.badRequest');
  }
  const lines = text.split('\n').filter((line) => line.length > 0);
  if (lines.length > EDGE_LOG_MAX_LINES)
    throw badRequest('analytics.batchTooBig', { max: EDGE_LOG_MAX_LINES });
  return lines;
}

/** Lines stamped before the retention or far ahead of the console's clock are not kept. */
export function keptTime(keepDays: number, now = Date.now()) {
  const oldest = now - keepDays * 86_400_000;
  return (at: Date) => at.getTime() >= oldest && at.getTime() <= now + FUTURE_SLACK_MS;
}

/**
 * Takes a node's batch of access-log lines: unpacks, parses, keeps the lines of existing sites
 * within the retention, adds each client's region and ISP, and stores it once (batch id).
 */
export function logIngestService(pool: pg.Pool, store: AnalyticsStore, keepDays: () => Promise<number>) {
  const place = placeLookup();

  async function ownersOf(siteIds: Set<number>): Promise<Map<number, number>> {
    if (siteIds.size === 0) return new Map();
    const { rows } = await pool.query<{ id: number; customer_id: number }>(
      'SELECT id, customer_id FROM sites WHERE id = ANY($1)',
      [[...siteIds]],
    );
    return new Map(rows.map((r) => [r.id, r.customer_id]));
  }

  return {
    async ingest(input: LogBatchInput): Promise<{ stored: boolean; lines: number; skipped: number }> {
      const lines = await batchLines(input);
      const parsed = lines.map(parseLogLine).filter((r): r is StoredRequest => r !== null);
      const owners = await ownersOf(new Set(parsed.map((r) => r.siteId)));
      const kept = keptTime(await keepDays());
      const requests: StoredRequest[] = [];
      for (const r of parsed) {
        const customerId = owners.get(r.siteId);
        if (customerId === undefined || !kept(r.at)) continue;
        const { region, isp } = place(r.clientIp);
        r.nodeId = input.nodeId;
        r.customerId = customerId;
        r.region = region;
        r.isp = isp;
        requests.push(r);
      }
      const skipped = lines.length - requests.length;
      const outcome = await store.ingest({
        nodeId: input.nodeId,
        batchId: input.batchId,
        dropped: input.dropped,
        skipped,
        requests,
      });
      return { stored: outcome === 'stored', lines: requests.length, skipped };
    },
  };
}
export type LogIngestService = ReturnType<typeof logIngestService>;
