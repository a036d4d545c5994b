/*
 * Analytics constants the consoles use on first load (no zod here: see analytics.ts for the
 * schemas). Ranges and intervals are spec §9's.
 */

/** The analytics API's paths (analytics.ts describes each); here, so a first load needs no zod. */
export const ANALYTICS_PATHS = {
  traffic: 'app/analytics/traffic',
  top: 'app/analytics/top',
  requests: 'app/analytics/requests',
  usage: 'app/analytics/usage',
  adminOverview: 'sys/analytics/overview',
} as const;

/** Chart intervals (spec §9): 5 s only from raw rows, so only for ranges up to an hour. */
export const ANALYTICS_INTERVALS = ['5s', '1m', '5m', '1h', '1d'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
export const INTERVAL_SECONDS: Readonly<Record<AnalyticsInterval, number>> = {
  '5s': 5,
  '1m': 60,
  '5m': 300,
  '1h': 3600,
  '1d': 86_400,
};
/** A query's longest range (spec §9 offers up to 30 days, a month view needs 31). */
export const ANALYTICS_MAX_RANGE_DAYS = 31;
/** Most points one series answers; a finer interval over a longer range is refused. */
export const ANALYTICS_MAX_POINTS = 2000;
/** Bandwidth is sampled per 5 minutes (peak, 95th percentile, billing modes 2 and 3). */
export const BANDWIDTH_SAMPLE_SECONDS = 300;

/** Whether the fewest points an interval gives over a range stays within ANALYTICS_MAX_POINTS. */
export function intervalFits(interval: AnalyticsInterval, rangeMs: number): boolean {
  if (interval === '5s' && rangeMs > 3_600_000) return false;
  return rangeMs / 1000 / INTERVAL_SECONDS[interval] <= ANALYTICS_MAX_POINTS;
}

/** The interval a chart starts with for a range: the finest that keeps the chart readable. */
export function defaultInterval(rangeMs: number): AnalyticsInterval {
  const hours = rangeMs / 3_600_000;
  if (hours <= 6) return '1m';
  if (hours <= 48) return '5m';
  if (hours <= 24 * 14) return '1h';
  return '1d';
}

/** Top lists (es/top). Regions and ISPs come from ip2region at ingest. */
export const TOP_DIMENSIONS = ['url', 'referer', 'clientIp', 'userAgent', 'region', 'isp', 'status'] as const;
export type TopDimension = (typeof TOP_DIMENSIONS)[number];
export const TOP_ORDERS = ['requests', 'bytes'] as const;
export type TopOrder = (typeof TOP_ORDERS)[number];

/** nginx's $upstream_cache_status values; `NONE` when the request never reached the cache. */
export const CACHE_STATUSES = [
  'HIT',
  'MISS',
  'EXPIRED',
  'STALE',
  'UPDATING',
  'REVALIDATED',
  'BYPASS',
  'NONE',
] as const;
export type CacheStatus = (typeof CACHE_STATUSES)[number];
/** Counted as hits for the hit ratio; every other status of a cached site is a miss. */
export const CACHE_HIT_STATUSES: readonly string[] = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];

/** The request-log columns a user can choose (the time and URL always show). */
export const REQUEST_LOG_COLUMNS = [
  'domain',
  'clientIp',
  'region',
  'method',
  'status',
  'bytesOut',
  'requestMs',
  'cache',
  'referer',
  'userAgent',
  'nodeName',
  'protocol',
] as const;
export type RequestLogColumn = (typeof REQUEST_LOG_COLUMNS)[number];

/** The layer-4 analytics API's paths (stream-analytics.ts describes each). */
export const STREAM_ANALYTICS_PATHS = {
  series: 'app/stream/analytics/series',
  top: 'app/stream/analytics/top',
  sessions: 'app/stream/analytics/sessions',
} as const;

/** stream/top: by client address or by rule, ordered by sessions or bytes (both directions). */
export const STREAM_TOP_DIMENSIONS = ['clientIp', 'rule'] as const;
export type StreamTopDimension = (typeof STREAM_TOP_DIMENSIONS)[number];
export const STREAM_TOP_ORDERS = ['sessions', 'bytes'] as const;
export type StreamTopOrder = (typeof STREAM_TOP_ORDERS)[number];
/** nginx's stream `$status`: 200 done, 400 bad client data, 403 refused, 500/502/503 proxy trouble. */
export const STREAM_STATUSES = [200, 400, 403, 500, 502, 503] as const;
