import {
  ANALYTICS_MAX_POINTS,
  BANDWIDTH_SAMPLE_SECONDS,
  intervalFits,
  type AdminTrafficOverview,
  type AdminTrafficQuery,
  type RequestLogQuery,
  type TopList,
  type TopQuery,
  type TrafficQuery,
  type TrafficSeries,
  type TrafficUsage,
} from '@nimbus/contract';
import type pg from 'pg';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { AnalyticsStore } from './analytics-store';
import { displayDayStart } from './buckets';
import {
  averageDailyPeak,
  busiestSamplesFor,
  filledSeries,
  intervalStart,
  monthStart,
  peakOf,
  percentile95,
  totalsOf,
} from './traffic-figures';

const DAY = 86_400_000;

/** The request log counts matches up to this many; beyond it the screen asks for a narrower filter. */
export const REQUEST_LOG_COUNT_CAP = 10_000;

interface Scope {
  siteIds: number[];
  groupId?: number;
}

/** Figures for the customer's screens and the admin's dashboard, from whichever store is configured. */
export function analyticsService(pool: pg.Pool, store: AnalyticsStore) {
  /**
   * The sites a query reads: the ones named (each must be the caller's, else 404), a group's
   * (the caller's group, else 404), or all the caller's sites.
   */
  async function sitesOf(customerId: number, scope: Scope): Promise<number[]> {
    if (scope.groupId !== undefined) {
      const group = await pool.query('SELECT 1 FROM site_groups WHERE id = $1 AND customer_id = $2', [
        scope.groupId,
        customerId,
      ]);
      if (group.rowCount === 0) throw notFound();
      const { rows } = await pool.query<{ id: number }>(
        'SELECT id FROM sites WHERE customer_id = $1 AND site_group_id = $2',
        [customerId, scope.groupId],
      );
      return rows.map((r) => r.id);
    }
    const { rows } = await pool.query<{ id: number }>(
      scope.siteIds.length > 0
        ? 'SELECT id FROM sites WHERE customer_id = $1 AND id = ANY($2)'
        : 'SELECT id FROM sites WHERE customer_id = $1',
      scope.siteIds.length > 0 ? [customerId, scope.siteIds] : [customerId],
    );
    if (rows.length < new Set(scope.siteIds).size) throw notFound();
    return rows.map((r) => r.id);
  }

  /** The customer, when a query reads all their sites (no sites or group named): their own rollups apply. */
  const wholeCustomer = (customerId: number, scope: Scope) =>
    scope.siteIds.length === 0 && scope.groupId === undefined ? customerId : undefined;

  const range = (query: { startTime: string; endTime: string }) => ({
    from: new Date(query.startTime),
    to: new Date(query.endTime),
  });

  return {
    async traffic(customerId: number, query: TrafficQuery): Promise<TrafficSeries> {
      const { from, to } = range(query);
      if (!intervalFits(query.interval, to.getTime() - from.getTime()))
        throw badRequest('analytics.tooManyPoints');
      const siteIds = await sitesOf(customerId, query);
      // All the customer's sites (the screens' default): hours, codes and the peak from the
      // customer's own rollups (the peak from metering's 5-minute samples), not from every site's
      // — a month of every site's minutes is millions of rows.
      // Whole intervals: the first one starts at or before `from`, as the chart draws it.
      const aligned = {
        siteIds,
        wholeCustomer: wholeCustomer(customerId, query),
        from: new Date(intervalStart(from.getTime(), query.interval)),
        to,
      };
      const slots = Math.ceil((to.getTime() - aligned.from.getTime()) / (BANDWIDTH_SAMPLE_SECONDS * 1000));
      // The peak and the 95th percentile need only the busiest samples, not the whole range's.
      const busiest = { ...aligned, busiest: busiestSamplesFor(slots) };
      const [found, codes, samples] = await Promise.all([
        store.series({ ...aligned, interval: query.interval }),
        store.codes(aligned),
        aligned.wholeCustomer !== undefined
          ? store.customerSamples(customerId, busiest)
          : store.samples(busiest),
      ]);
      const points = filledSeries(found, from.getTime(), to.getTime(), query.interval).slice(
        0,
        ANALYTICS_MAX_POINTS,
      );
      return {
        interval: query.interval,
        points,
        totals: totalsOf(points),
        peak: peakOf(samples),
        p95Bps: percentile95(samples, slots).bps,
        codes,
      };
    },

    async top(customerId: number, query: TopQuery): Promise<TopList> {
      const siteIds = await sitesOf(customerId, query);
      const { from, to } = range(query);
      return store.top({
        // Over a day, whole display days from the first one's midnight (as commercial consoles
        // rank): each finished day is one written list, never a part of one counted from raw rows.
        from: to.getTime() - from.getTime() > DAY ? new Date(displayDayStart(from.getTime())) : from,
        to,
        siteIds,
        wholeCustomer: wholeCustomer(customerId, query),
        dimension: query.dimension,
        by: query.by,
        limit: query.limit,
      });
    },

    async requests(customerId: number, query: RequestLogQuery) {
      const siteIds = await sitesOf(customerId, query);
      const { rows, total } = await store.requests(
        {
          ...range(query),
          siteIds,
          wholeCustomer: wholeCustomer(customerId, query),
          status: query.status,
          clientIp: query.clientIp?.trim() || undefined,
          uriContains: query.uriContains || undefined,
          cache: query.cache,
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
        REQUEST_LOG_COUNT_CAP,
      );
      return { list: rows, totalCount: total, pageSize: query.limit, currPage: query.page };
    },

    /** This calendar month (display time zone) of the customer's traffic under each billing mode. */
    async usage(customerId: number, now = new Date()): Promise<TrafficUsage> {
      const start = monthStart(now).getTime();
      const samples = await store.customerSamples(customerId, { from: new Date(start), to: now });
      const elapsed = now.getTime() - start;
      const slots = Math.ceil(elapsed / (BANDWIDTH_SAMPLE_SECONDS * 1000));
      const days = Math.ceil(elapsed / 86_400_000);
      const p95 = percentile95(samples, slots);
      return {
        monthStart: new Date(start).toISOString(),
        bytesOut: samples.reduce((sum, s) => sum + s.bytesOut, 0),
        requests: samples.reduce((sum, s) => sum + s.requests, 0),
        averageDailyPeakBps: averageDailyPeak(samples, days),
        percentile95Bps: p95.bps,
        percentile95At: p95.at,
      };
    },

    async adminOverview(query: AdminTrafficQuery): Promise<AdminTrafficOverview> {
      const { from, to } = range(query);
      if (!intervalFits(query.interval, to.getTime() - from.getTime()))
        throw badRequest('analytics.tooManyPoints');
      const aligned = { from: new Date(intervalStart(from.getTime(), query.interval)), to };
      const [found, nodes, sites] = await Promise.all([
        store.platformSeries({ ...aligned, interval: query.interval }),
        store.nodeTotals(aligned),
        store.siteTotals(aligned, 10),
      ]);
      const points = filledSeries(found, from.getTime(), to.getTime(), query.interval);
      const names = await pool.query<{ id: number; name: string }>(
        'SELECT id, name FROM edge_nodes WHERE id = ANY($1)',
        [nodes.map((n) => n.nodeId)],
      );
      const siteRows = await pool.query<{ id: number; domain: string; account: string }>(
        `SELECT s.id, s.domain, c.username AS account FROM sites s JOIN customers c ON c.id = s.customer_id
          WHERE s.id = ANY($1)`,
        [sites.map((s) => s.siteId)],
      );
      const nodeName = new Map(names.rows.map((r) => [r.id, r.name]));
      const site = new Map(siteRows.rows.map((r) => [r.id, r]));
      return {
        points,
        totals: totalsOf(points),
        nodes: nodes.map((n) => ({ ...n, name: nodeName.get(n.nodeId) ?? `#${n.nodeId}` })),
        topSites: sites.flatMap((s) => {
          const row = site.get(s.siteId);
          return row ? [{ ...s, domain: row.domain, account: row.account }] : [];
        }),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
