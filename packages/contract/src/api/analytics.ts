import { z } from 'zod';
import { pageSchema } from '../envelope';
import {
  ANALYTICS_INTERVALS,
  ANALYTICS_MAX_RANGE_DAYS,
  CACHE_STATUSES,
  TOP_DIMENSIONS,
  TOP_ORDERS,
} from './analytics-constants';

/*
 * Analytics (spec §2 es/site, es/top, analysis/query/access, the site tabs flow and log-access,
 * plan/usage; §9 units and ranges). Customer token: every query reads only the caller's sites; a
 * site id of another customer answers 404. The edges ship their access logs (EDGE_PATHS.logs).
 *
 *   POST app/analytics/traffic   TrafficQuery   → TrafficSeries (points, totals, peak, codes)
 *   POST app/analytics/top       TopQuery       → TopList
 *   POST app/analytics/requests  RequestLogQuery → Page<RequestLogRow> (newest first)
 *   GET  app/analytics/usage                    → TrafficUsage (this month, each billing mode)
 *   GET  sys/analytics/overview?startTime=&endTime=&interval= → AdminTrafficOverview (admin dashboard)
 */

/** A range end: an ISO instant with its offset. */
export const instant = z.iso.datetime({ offset: true, message: 'validation.invalid' });

/**
 * Which sites: `siteIds` (empty = all the caller's sites) or a site group. The range is
 * [startTime, endTime), at most ANALYTICS_MAX_RANGE_DAYS long.
 */
const scopeFields = {
  siteIds: z.array(z.number().int().positive()).max(500).default([]),
  groupId: z.number().int().positive().optional(),
  startTime: instant,
  endTime: instant,
};
/** [startTime, endTime) in order and at most ANALYTICS_MAX_RANGE_DAYS long (every analytics query). */
export const rangeChecked = <T extends { startTime: string; endTime: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  const span = Date.parse(value.endTime) - Date.parse(value.startTime);
  if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'analytics.rangeOrder' });
  else if (span > ANALYTICS_MAX_RANGE_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'analytics.rangeTooLong' });
};

export const trafficQuerySchema = z
  .object({ ...scopeFields, interval: z.enum(ANALYTICS_INTERVALS, { message: 'validation.invalid' }) })
  .superRefine(rangeChecked);
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

/** One interval: `t` is its start (epoch ms). Bytes are bytes; bandwidth is derived (§9). */
export const trafficPointSchema = z.object({
  t: z.number(),
  requests: z.number(),
  bytesOut: z.number(),
  bytesIn: z.number(),
  /** Bytes the edges fetched from origins (back-to-source traffic). */
  originBytes: z.number(),
  hits: z.number(),
  misses: z.number(),
  s2xx: z.number(),
  s3xx: z.number(),
  s4xx: z.number(),
  s5xx: z.number(),
});
export type TrafficPoint = z.infer<typeof trafficPointSchema>;

export const trafficSeriesSchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS),
  /** Every interval of the range, zeros where nothing was served. */
  points: z.array(trafficPointSchema),
  totals: trafficPointSchema.omit({ t: true }),
  /** Highest bandwidth of one 5-minute sample (bits per second) and when; null without traffic. */
  peak: z.object({ t: z.number(), bps: z.number() }).nullable(),
  /**
   * The range's 95th-percentile bandwidth (bits per second) as billing mode 3 computes it: every
   * 5-minute slot of the range counted (idle ones as 0), the highest 5 % left out.
   */
  p95Bps: z.number(),
  /** Requests per status code over the range, most first. */
  codes: z.array(z.object({ status: z.number().int(), requests: z.number() })),
});
export type TrafficSeries = z.infer<typeof trafficSeriesSchema>;

export const topQuerySchema = z
  .object({
    ...scopeFields,
    dimension: z.enum(TOP_DIMENSIONS, { message: 'validation.invalid' }),
    by: z.enum(TOP_ORDERS).default('requests'),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .superRefine(rangeChecked);
export type TopQuery = z.infer<typeof topQuerySchema>;

export const topListSchema = z.object({
  rows: z.array(z.object({ key: z.string(), requests: z.number(), bytes: z.number() })),
  /** The range's totals, for each row's share. */
  totalRequests: z.number(),
  totalBytes: z.number(),
});
export type TopList = z.infer<typeof topListSchema>;

export const requestLogQuerySchema = z
  .object({
    ...scopeFields,
    status: z.number().int().min(100).max(599).optional(),
    clientIp: z.string().max(64).optional(),
    uriContains: z.string().max(512).optional(),
    cache: z.enum(CACHE_STATUSES).optional(),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(200).default(20),
  })
  .superRefine(rangeChecked);
export type RequestLogQuery = z.infer<typeof requestLogQuerySchema>;

export const requestLogRowSchema = z.object({
  time: z.string(),
  siteId: z.number().int(),
  domain: z.string(),
  nodeName: z.string(),
  clientIp: z.string(),
  region: z.string(),
  isp: z.string(),
  method: z.string(),
  host: z.string(),
  uri: z.string(),
  status: z.number().int(),
  bytesOut: z.number(),
  bytesIn: z.number(),
  /** Milliseconds; upstream null when the edge answered without an origin. */
  requestMs: z.number(),
  upstreamMs: z.number().nullable(),
  cache: z.string(),
  referer: z.string(),
  userAgent: z.string(),
  scheme: z.string(),
  protocol: z.string(),
  tls: z.string(),
});
export type RequestLogRow = z.infer<typeof requestLogRowSchema>;
export const requestLogPageSchema = pageSchema(requestLogRowSchema);

/**
 * This calendar month (display time zone) of the caller's CDN traffic, under each billing mode
 * of spec §4: 1 monthly traffic, 2 average of the daily peak bandwidth, 3 the 95th percentile of
 * the 5-minute bandwidth samples. Plans' quotas beside it come from plan/usage.
 */
export const trafficUsageSchema = z.object({
  monthStart: z.string(),
  bytesOut: z.number(),
  requests: z.number(),
  averageDailyPeakBps: z.number(),
  percentile95Bps: z.number(),
  /** The 5-minute sample the 95th percentile is (epoch ms), null without traffic. */
  percentile95At: z.number().nullable(),
});
export type TrafficUsage = z.infer<typeof trafficUsageSchema>;

export const adminTrafficQuerySchema = z
  .object({ startTime: instant, endTime: instant, interval: z.enum(ANALYTICS_INTERVALS).default('1h') })
  .superRefine(rangeChecked);
export type AdminTrafficQuery = z.infer<typeof adminTrafficQuerySchema>;

export const adminTrafficOverviewSchema = z.object({
  points: z.array(trafficPointSchema),
  totals: trafficPointSchema.omit({ t: true }),
  /** Bytes out and requests per node over the range, most traffic first. */
  nodes: z.array(
    z.object({ nodeId: z.number().int(), name: z.string(), requests: z.number(), bytesOut: z.number() }),
  ),
  /** The sites that served most, with their owner's account. */
  topSites: z.array(
    z.object({
      siteId: z.number().int(),
      domain: z.string(),
      account: z.string(),
      requests: z.number(),
      bytesOut: z.number(),
    }),
  ),
});
export type AdminTrafficOverview = z.infer<typeof adminTrafficOverviewSchema>;
