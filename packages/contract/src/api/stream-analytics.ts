import { z } from 'zod';
import { pageSchema } from '../envelope';
import { instant, rangeChecked } from './analytics';
import {
  ANALYTICS_INTERVALS,
  STREAM_STATUSES,
  STREAM_TOP_DIMENSIONS,
  STREAM_TOP_ORDERS,
} from './analytics-constants';

/*
 * Layer-4 analytics (spec §2 stream/es, stream/top, stream/log). Customer token: every query reads
 * only the caller's forwarding rules; a rule id of another customer answers 404. A session counts
 * in the interval it ended in (nginx logs it then), with all its bytes. The edges ship one line
 * per session (EDGE_PATHS.streamLogs).
 *
 *   POST app/stream/analytics/series    StreamSeriesQuery  → StreamSeries
 *   POST app/stream/analytics/top       StreamTopQuery     → StreamTopList
 *   POST app/stream/analytics/sessions  StreamSessionQuery → Page<StreamSessionRow> (newest first)
 */

/** One rule (`ruleId`) or all the caller's rules; the range is [startTime, endTime). */
const scopeFields = {
  ruleId: z.number().int().positive().optional(),
  startTime: instant,
  endTime: instant,
};

export const streamSeriesQuerySchema = z
  .object({ ...scopeFields, interval: z.enum(ANALYTICS_INTERVALS, { message: 'validation.invalid' }) })
  .superRefine(rangeChecked);
export type StreamSeriesQuery = z.infer<typeof streamSeriesQuerySchema>;

/** One interval (`t` its start, epoch ms): sessions that ended in it, bytes from and to clients. */
export const streamPointSchema = z.object({
  t: z.number(),
  sessions: z.number(),
  bytesIn: z.number(),
  bytesOut: z.number(),
});
export type StreamPoint = z.infer<typeof streamPointSchema>;

export const streamSeriesSchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS),
  /** Every interval of the range, zeros where no session ended. */
  points: z.array(streamPointSchema),
  totals: streamPointSchema.omit({ t: true }),
});
export type StreamSeries = z.infer<typeof streamSeriesSchema>;

export const streamTopQuerySchema = z
  .object({
    ...scopeFields,
    dimension: z.enum(STREAM_TOP_DIMENSIONS, { message: 'validation.invalid' }),
    by: z.enum(STREAM_TOP_ORDERS).default('sessions'),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .superRefine(rangeChecked);
export type StreamTopQuery = z.infer<typeof streamTopQuerySchema>;

/** `key` is the client address or the rule id; `name` the rule's name and port (rules only). */
export const streamTopListSchema = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      sessions: z.number(),
      bytesIn: z.number(),
      bytesOut: z.number(),
    }),
  ),
  totalSessions: z.number(),
  totalBytes: z.number(),
});
export type StreamTopList = z.infer<typeof streamTopListSchema>;

export const streamSessionQuerySchema = z
  .object({
    ...scopeFields,
    clientIp: z.string().max(64).optional(),
    status: z.union(STREAM_STATUSES.map((s) => z.literal(s))).optional(),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(200).default(20),
  })
  .superRefine(rangeChecked);
export type StreamSessionQuery = z.infer<typeof streamSessionQuerySchema>;

/** One session: `time` is when it ended; bytes in/out from the client's side, upstream's beside. */
export const streamSessionRowSchema = z.object({
  time: z.string(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  listenPort: z.number().int(),
  nodeName: z.string(),
  clientIp: z.string(),
  clientPort: z.number().int(),
  protocol: z.string(),
  status: z.number().int(),
  sessionMs: z.number(),
  bytesIn: z.number(),
  bytesOut: z.number(),
  upstreamBytesIn: z.number(),
  upstreamBytesOut: z.number(),
  upstream: z.string(),
});
export type StreamSessionRow = z.infer<typeof streamSessionRowSchema>;
export const streamSessionPageSchema = pageSchema(streamSessionRowSchema);
