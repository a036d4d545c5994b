import { ANALYTICS_PATHS, type Page, type RequestLogRow } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouse, type TestClickHouse } from '../../../test/support/clickhouse';
import { accessLine } from '../../../test/support/log-batch';
import { analyticsStoreSuite } from './analytics.suite';
import { clickhouseAnalyticsStore } from './clickhouse/analytics-clickhouse';
import { clickhouseConnection } from './clickhouse/connection';
import { parseLogLine } from './log-line';
import { streamAnalyticsSuite } from './stream-analytics.suite';

/*
 * The ClickHouse store (ANALYTICS_CLICKHOUSE_URL, ADR 0043) through the same store tests as
 * PostgreSQL (analytics.suite.ts, stream-analytics.suite.ts), against Debian's clickhouse-server
 * started here; each suite's server has its own database. Its own: a batch stored again after
 * its answer was lost counts once, literals escaped, old days dropped by partition.
 */
let clickhouse: TestClickHouse;
beforeAll(async () => {
  clickhouse = await startClickHouse();
}, 60_000);
afterAll(() => clickhouse?.stop());

const DAY = 86_400_000;
const MINUTE = 60_000;

describe('requests in ClickHouse', () => {
  const database = () => `${clickhouse.url}/requests`;
  analyticsStoreSuite(
    { env: () => ({ ANALYTICS_CLICKHOUSE_URL: database() }), rollUp: async () => 0 },
    (f) => {
      let store: ReturnType<typeof clickhouseAnalyticsStore>;
      let nodeId: number;
      beforeAll(async () => {
        store = clickhouseAnalyticsStore(f.server().database.pool, database());
        const { rows } = await f
          .server()
          .database.pool.query<{ id: number }>('SELECT id FROM edge_nodes LIMIT 1');
        nodeId = rows[0]!.id;
      });
      afterAll(() => store?.close());
      /** A batch of this node's requests, as the ingest service hands it to the store. */
      const batchOf = (batchId: string, customerId: number, lines: string[]) => ({
        nodeId,
        batchId,
        dropped: 0,
        skipped: 0,
        requests: lines.map((text) => ({ ...parseLogLine(text)!, nodeId, customerId })),
      });

      it('stores a batch whose answer was lost once: the retry finds its rows and sends none again', async () => {
        const site = await f.createSite(f.customer(), 'retry.stats.test');
        const { rows } = await f
          .server()
          .database.pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [
            site,
          ]);
        const at = f.base - 40 * MINUTE;
        const batch = batchOf('9-0', rows[0]!.customer_id, [
          accessLine(site, at + 1000, { out: '10' }),
          accessLine(site, at + 2000, { out: '20' }),
        ]);
        expect(await store.ingest(batch)).toBe('stored');
        // The ledger's commit is what was lost: ClickHouse has the rows, PostgreSQL not the batch id.
        await f.server().database.pool.query('DELETE FROM log_batches WHERE batch = $1', ['9-0']);
        expect(await store.ingest(batch)).toBe('stored');
        expect(await store.ingest(batch)).toBe('duplicate');
        const scope = { siteIds: [site], from: new Date(at), to: new Date(at + MINUTE) };
        const [point] = await store.series({ ...scope, interval: '1m' });
        expect(point).toMatchObject({ requests: 2, bytesOut: 30 });
        expect((await store.requests({ ...scope, offset: 0, limit: 10 }, 100)).total).toBe(2);
      });

      it('takes quotes and backslashes in a filter literally', async () => {
        const site = await f.createSite(f.customer(), 'quotes.stats.test');
        const at = f.base - 50 * MINUTE;
        await f.ship([
          accessLine(site, at, { uri: "/it's\\x" }),
          accessLine(site, at + 1000, { uri: '/plain' }),
        ]);
        const found = async (uriContains: string) =>
          (
            await f.call<Page<RequestLogRow>>(ANALYTICS_PATHS.requests, {
              siteIds: [site],
              uriContains,
              startTime: new Date(at).toISOString(),
              endTime: new Date(at + MINUTE).toISOString(),
            })
          ).body.data!.list.map((r) => r.uri);
        expect(await found("'s\\")).toEqual(["/it's\\x"]);
        expect(await found("\\' OR 1=1 --")).toEqual([]);
      });

      it('drops whole days of raw rows and minute rollups past their retention, keeping the hours', async () => {
        const ch = clickhouseConnection(database());
        const parts = async (table: string) =>
          (
            await ch.rows(
              `SELECT DISTINCT partition FROM system.parts WHERE database = 'requests' AND table = '${table}' AND active`,
            )
          ).map((r) => Number(r.partition));
        const site = await f.createSite(f.customer(), 'old.stats.test');
        const old = Math.floor(Date.now() / DAY) * DAY - 9 * DAY;
        expect(await store.ingest(batchOf('9-1', 1, [accessLine(site, old + 1000)]))).toBe('stored');
        const oldDay = old / DAY;
        expect(await parts('access_logs')).toContain(oldDay);
        await store.prune(new Date(old + 2 * DAY), new Date(old + DAY));
        expect(await parts('access_logs')).not.toContain(oldDay);
        expect(await parts('access_logs')).toContain(Math.floor(f.base / DAY));
        expect(await parts('traffic_minutes')).not.toContain(oldDay);
        const [hour] = await store.series({
          siteIds: [site],
          from: new Date(old),
          to: new Date(old + DAY),
          interval: '1h',
        });
        expect(hour).toMatchObject({ requests: 1 });
        await ch.close();
      });
    },
  );
});

describe('layer-4 sessions in ClickHouse', () => {
  streamAnalyticsSuite(() => ({ ANALYTICS_CLICKHOUSE_URL: `${clickhouse.url}/sessions` }));
});
