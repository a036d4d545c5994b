import type {
  AnalyticsInterval,
  RequestLogRow,
  StreamPoint,
  StreamSessionRow,
  StreamTopDimension,
  StreamTopList,
  StreamTopOrder,
  TopDimension,
  TopOrder,
  TrafficPoint,
} from '@nimbus/contract';
import type { StoredRequest } from './log-line';
import type { StoredSession } from './stream-log-line';

/*
 * One analytics store, two implementations chosen by configuration (issue 19 §2, ADR 0042):
 * PostgreSQL by default (pg/), ClickHouse when one machine is outgrown. Services, screens and
 * metering never know which. Every read takes site ids the caller was already checked to own.
 */

export interface IngestBatch {
  nodeId: number;
  batchId: string;
  /** Lines the node dropped before this batch (its spool was full). */
  dropped: number;
  /** Lines that did not parse or named no site: counted, not stored. */
  skipped: number;
  requests: StoredRequest[];
}

export interface Range {
  from: Date;
  to: Date;
}

/** Sites of one customer; `wholeCustomer` when they are all of theirs (customer-level rollups apply). */
export interface SiteScope {
  siteIds: readonly number[];
  wholeCustomer?: number;
}

export interface SeriesQuery extends Range, SiteScope {
  interval: AnalyticsInterval;
}

export interface TopStoreQuery extends Range, SiteScope {
  dimension: TopDimension;
  by: TopOrder;
  limit: number;
}

export interface RequestLogStoreQuery extends Range, SiteScope {
  status?: number;
  clientIp?: string;
  uriContains?: string;
  cache?: string;
  offset: number;
  limit: number;
}

export interface StreamIngestBatch {
  nodeId: number;
  batchId: string;
  dropped: number;
  /** Lines that did not parse or named no rule of the node's group: counted, not stored. */
  skipped: number;
  sessions: StoredSession[];
}

/** A customer's sessions: one rule of theirs (checked by the caller) or all of them. */
export interface StreamScope extends Range {
  customerId: number;
  ruleId?: number;
}

export interface StreamSessionStoreQuery extends StreamScope {
  clientIp?: string;
  status?: number;
  offset: number;
  limit: number;
}

export interface AnalyticsStore {
  /** Stores a batch once: 'duplicate' when this node's batch id was stored before. */
  ingest(batch: IngestBatch): Promise<'stored' | 'duplicate'>;
  /**
   * Brings the rollups up to date with every stored batch (the ingest asks for it in the
   * background; tests and the job call it); answers how many batches it summed.
   */
  rollUp(): Promise<number>;
  /**
   * Writes the top lists of display days that have ended (and of days a late batch reached
   * again) from their raw rows, before `rawSince` drops them, and those of the hours that have
   * ended in the days not written yet (a store that sums tops as it ingests has nothing to do);
   * answers the days and hours written.
   */
  writeTopDays(now: Date, rawSince: Date): Promise<number>;
  /** One point per interval start that has traffic (the service fills the gaps). */
  series(query: SeriesQuery): Promise<TrafficPoint[]>;
  /** Requests per status code over the range. */
  codes(query: Range & SiteScope): Promise<{ status: number; requests: number }[]>;
  /**
   * Bytes out per 5-minute sample of the sites, for the peak; with `busiest`, only that many of
   * the busiest samples with traffic (bytes out descending, then time) are enough.
   */
  samples(
    query: Range & { siteIds: readonly number[]; busiest?: number },
  ): Promise<{ at: number; bytesOut: number }[]>;
  /** The top keys, and the range's totals (for each key's share). */
  top(query: TopStoreQuery): Promise<{
    rows: { key: string; requests: number; bytes: number }[];
    totalRequests: number;
    totalBytes: number;
  }>;
  /** A page of raw requests, newest first, and how many match (counted up to `countCap`). */
  requests(query: RequestLogStoreQuery, countCap: number): Promise<{ rows: RequestLogRow[]; total: number }>;
  /**
   * A customer's 5-minute bytes-out samples (billing modes 2 and 3); `busiest` as for `samples`
   * (the chart's peak and 95th percentile).
   */
  customerSamples(
    customerId: number,
    range: Range & { busiest?: number },
  ): Promise<{ at: number; bytesOut: number; requests: number }[]>;
  /** Platform-wide, for the admin: series, per-node and per-site totals. */
  platformSeries(query: Range & { interval: AnalyticsInterval }): Promise<TrafficPoint[]>;
  nodeTotals(range: Range): Promise<{ nodeId: number; requests: number; bytesOut: number }[]>;
  siteTotals(range: Range, limit: number): Promise<{ siteId: number; requests: number; bytesOut: number }[]>;
  /** Stores a layer-4 session batch once: 'duplicate' when this node's batch id was stored before. */
  ingestStreams(batch: StreamIngestBatch): Promise<'stored' | 'duplicate'>;
  /** Sessions ended and bytes per interval start that has sessions (the service fills the gaps). */
  streamSeries(query: StreamScope & { interval: AnalyticsInterval }): Promise<StreamPoint[]>;
  /** Top client addresses or rules (rule ids as keys, names left to the service), and totals. */
  streamTop(
    query: StreamScope & { dimension: StreamTopDimension; by: StreamTopOrder; limit: number },
  ): Promise<StreamTopList>;
  /** A page of sessions, newest first, and how many match (counted up to `countCap`). */
  streamSessions(
    query: StreamSessionStoreQuery,
    countCap: number,
  ): Promise<{ rows: StreamSessionRow[]; total: number }>;
  /** Drops raw rows older than `before` (whole days) and rollups older than their keep. */
  prune(rawBefore: Date, rollupsBefore: Date): Promise<void>;
}
