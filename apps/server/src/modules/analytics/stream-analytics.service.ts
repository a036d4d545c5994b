import {
  ANALYTICS_MAX_POINTS,
  INTERVAL_SECONDS,
  intervalFits,
  type StreamPoint,
  type StreamSeries,
  type StreamSeriesQuery,
  type StreamSessionQuery,
  type StreamTopList,
  type StreamTopQuery,
} from '@nimbus/contract';
import type pg from 'pg';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { AnalyticsStore, StreamScope } from './analytics-store';
import { intervalStart } from './traffic-figures';

/** The session log counts matches up to this many, as the request log does. */
export const STREAM_LOG_COUNT_CAP = 10_000;

/** Every interval of [from, to), zeros where no session ended. */
function filledStreamSeries(found: StreamPoint[], from: number, to: number, step: number, first: number) {
  const byStart = new Map(found.map((p) => [p.t, p]));
  const points: StreamPoint[] = [];
  for (let t = first; t < to && points.length < ANALYTICS_MAX_POINTS; t += step)
    points.push(byStart.get(t) ?? { t, sessions: 0, bytesIn: 0, bytesOut: 0 });
  return points;
}

/** Layer-4 figures for the customer's stream screens: only their own rules' sessions. */
export function streamAnalyticsService(pool: pg.Pool, store: AnalyticsStore) {
  /** The caller's scope: a named rule must be theirs (else 404); none means all their rules. */
  async function scopeOf(
    customerId: number,
    query: { ruleId?: number; startTime: string; endTime: string },
  ): Promise<StreamScope> {
    if (query.ruleId !== undefined) {
      const { rowCount } = await pool.query('SELECT 1 FROM stream_rules WHERE id = $1 AND customer_id = $2', [
        query.ruleId,
        customerId,
      ]);
      if (rowCount === 0) throw notFound();
    }
    return {
      customerId,
      ruleId: query.ruleId,
      from: new Date(query.startTime),
      to: new Date(query.endTime),
    };
  }

  return {
    async series(customerId: number, query: StreamSeriesQuery): Promise<StreamSeries> {
      const scope = await scopeOf(customerId, query);
      const [from, to] = [scope.from.getTime(), scope.to.getTime()];
      if (!intervalFits(query.interval, to - from)) throw badRequest('analytics.tooManyPoints');
      // Whole intervals: the first one starts at or before `from`, as the chart draws it.
      const first = intervalStart(from, query.interval);
      const found = await store.streamSeries({ ...scope, from: new Date(first), interval: query.interval });
      const points = filledStreamSeries(found, from, to, INTERVAL_SECONDS[query.interval] * 1000, first);
      const totals = { sessions: 0, bytesIn: 0, bytesOut: 0 };
      for (const p of points) {
        totals.sessions += p.sessions;
        totals.bytesIn += p.bytesIn;
        totals.bytesOut += p.bytesOut;
      }
      return { interval: query.interval, points, totals };
    },

    async top(customerId: number, query: StreamTopQuery): Promise<StreamTopList> {
      const scope = await scopeOf(customerId, query);
      const list = await store.streamTop({
        ...scope,
        dimension: query.dimension,
        by: query.by,
        limit: query.limit,
      });
      if (query.dimension !== 'rule') return list;
      const { rows } = await pool.query<{ id: number; name: string; listen_port: number; protocol: string }>(
        'SELECT id, name, listen_port, protocol FROM stream_rules WHERE customer_id = $1 AND id = ANY($2)',
        [customerId, list.rows.map((r) => Number(r.key))],
      );
      const names = new Map(
        rows.map((r) => [
          String(r.id),
          `${r.name ? `${r.name} ` : ''}${r.protocol.toUpperCase()} ${r.listen_port}`,
        ]),
      );
      return { ...list, rows: list.rows.map((r) => ({ ...r, name: names.get(r.key) ?? '' })) };
    },

    async sessions(customerId: number, query: StreamSessionQuery) {
      const scope = await scopeOf(customerId, query);
      const { rows, total } = await store.streamSessions(
        {
          ...scope,
          clientIp: query.clientIp?.trim() || undefined,
          status: query.status,
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
        STREAM_LOG_COUNT_CAP,
      );
      return { list: rows, totalCount: total, pageSize: query.limit, currPage: query.page };
    },
  };
}
