import {
  ANALYTICS_PATHS,
  type TopList,
  type TrafficSeries,
  type WebConfig,
  WEB_CONFIG_PATHS,
} from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { accessLine as line } from '../../../test/support/log-batch';
import { analyticsStoreSuite } from './analytics.suite';
import { displayDayStart } from './buckets';
import { pgAnalyticsStore } from './pg/analytics-pg';
import { topList } from './pg/pg-queries';
import { writeTopLists } from './pg/top-lists';
import { partitionName, utcDayStart } from './pg/partitions';

/*
 * The analytics store tests (analytics.suite.ts) against PostgreSQL, and its own: days' top lists
 * written once a day ends (top 1,000 keys kept), raw rows dropped by daily partition.
 */
const range = (from: number, to: number) => ({
  startTime: new Date(from).toISOString(),
  endTime: new Date(to).toISOString(),
});

analyticsStoreSuite(
  { env: () => ({}), rollUp: (server) => pgAnalyticsStore(server.database.pool).rollUp() },
  (f) => {
    const pool = () => f.server().database.pool;
    describe('top lists of finished days', () => {
      const DAY = 86_400_000;
      // A whole display day three days back: finished, still within the raw rows' retention.
      const day = displayDayStart(Date.now()) - 3 * DAY;
      const topUrls = async (siteId?: number) =>
        (
          await f.call<TopList>(ANALYTICS_PATHS.top, {
            siteIds: siteId === undefined ? [] : [siteId],
            dimension: 'url',
            limit: 100,
            ...range(day, day + DAY),
          })
        ).body.data!;
      const written = async (siteId: number) =>
        (
          await pool().query<{ n: string }>(
            `SELECT count(*) AS n FROM traffic_top_days WHERE site_id = $1 AND dimension = 'url'`,
            [siteId],
          )
        ).rows[0]!.n;
      const writeDays = () =>
        pgAnalyticsStore(pool()).writeTopDays(new Date(), new Date(Date.now() - 7 * DAY));

      it('writes a day’s top keys once it has ended, keeping its top 1,000, and rewrites a day a late batch reached', async () => {
        const site = await f.createSite(f.customer(), 'd.stats.test');
        // 1,001 URLs: /hot twice, the others once (the last by name falls out of the day's top 1,000).
        await f.ship([
          line(site, day + 1000, { uri: '/hot' }),
          line(site, day + 1500, { uri: '/hot' }),
          ...Array.from({ length: 1000 }, (_, i) =>
            line(site, day + 2000 + i, { uri: `/u${String(i).padStart(4, '0')}`, out: '1' }),
          ),
        ]);
        expect((await topUrls(site)).rows[0]).toMatchObject({ key: '/hot', requests: 2 });
        expect(await writeDays()).toBeGreaterThan(0);
        expect(await written(site)).toBe('1000');
        // Read from the written day now: the raw rows are no longer needed for it.
        await pool().query('DELETE FROM access_logs WHERE site_id = $1', [site]);
        const settled = await topUrls(site);
        expect(settled.rows).toHaveLength(100);
        expect(settled.rows[0]).toMatchObject({ key: '/hot', requests: 2 });
        // All the customer's sites (the default): the customer's own list of the day, the same here.
        expect(await topUrls()).toEqual(settled);

        // A late batch for that day: ranked from the raw rows again until the day is rewritten.
        await f.ship([line(site, day + 5000, { uri: '/late' }), line(site, day + 6000, { uri: '/late' })]);
        expect((await topUrls(site)).rows.map((r) => [r.key, r.requests])).toEqual([['/late', 2]]);
        await writeDays();
        expect(await written(site)).toBe('1');
        // A range over a day counts whole days: from the first one's midnight, before the range's start.
        const wider = await f.call<TopList>(ANALYTICS_PATHS.top, {
          siteIds: [site],
          dimension: 'url',
          ...range(day + 3_600_000, day + DAY + 7_200_000),
        });
        expect(wider.body.data!.rows).toEqual([{ key: '/late', requests: 2, bytes: 2000 }]);
      });
    });

    describe('top lists of today’s hours', () => {
      const DAY = 86_400_000;
      const HOUR = 3_600_000;
      // A display day two days back, seen from its 05:30: hours 0–4 have ended, hour 5 is the current one.
      const day = displayDayStart(Date.now()) - 2 * DAY;
      const now = day + 5 * HOUR + 30 * 60_000;

      it('ranks the same from the finished hours’ lists and the current hour’s rows as from the raw rows', async () => {
        const site = await f.createSite(f.customer(), 'e.stats.test');
        // Per hour, URL and bytes of each request: the leaders by requests and by bytes change from hour to hour.
        const hours: [string, number][][] = [
          [
            ['/a', 10],
            ['/a', 10],
            ['/a', 10],
            ['/b', 1000],
          ],
          [
            ['/b', 100],
            ['/b', 100],
            ['/c', 5],
          ],
          [
            ['/a', 10],
            ['/c', 500],
            ['/c', 500],
          ],
          [['/d', 7]],
          [
            ['/a', 10],
            ['/b', 100],
          ],
          [
            ['/c', 5],
            ['/c', 5],
            ['/c', 5],
            ['/e', 3000],
          ],
        ];
        await f.ship(
          hours.flatMap((requests, hour) =>
            requests.map(([uri, out], i) =>
              line(site, day + hour * HOUR + (i + 1) * 1000, { uri, out: String(out) }),
            ),
          ),
        );
        const pool = f.server().database.pool;
        const [{ customer_id: owner }] = (
          await pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [site])
        ).rows as [{ customer_id: number }];
        const lists = () =>
          Promise.all(
            [undefined, owner].flatMap((wholeCustomer) =>
              (['requests', 'bytes'] as const).map((by) =>
                topList(
                  pool,
                  {
                    from: new Date(day),
                    to: new Date(now),
                    siteIds: [site],
                    wholeCustomer,
                    dimension: 'url',
                    by,
                    limit: 100,
                  },
                  now,
                ),
              ),
            ),
          );
        // Every hour is marked by the rollup: all ranked from the raw rows.
        const fromRaw = await lists();
        expect(fromRaw[0]!.rows.map((r) => [r.key, r.requests])).toEqual([
          ['/c', 6],
          ['/a', 5],
          ['/b', 4],
          ['/d', 1],
          ['/e', 1],
        ]);

        await writeTopLists(pool, new Date(now), new Date(Date.now() - 7 * DAY));
        const written = await pool.query<{ n: string }>(
          `SELECT count(DISTINCT at) AS n FROM traffic_top_hours WHERE site_id = $1 AND dimension = 'url'`,
          [site],
        );
        expect(written.rows[0]!.n).toBe('5');
        // The finished hours' raw rows gone: they are read from the hour lists now.
        await pool.query('DELETE FROM access_logs WHERE site_id = $1 AND at < $2', [
          site,
          new Date(day + 5 * HOUR),
        ]);
        expect(await lists()).toEqual(fromRaw);
      });
    });

    describe('retention', () => {
      it('drops whole days of raw rows past the retention, keeping the rollups', async () => {
        const store = pgAnalyticsStore(pool());
        const today = utcDayStart(Date.now());
        const partitions = async () =>
          (
            await pool().query<{ name: string }>(
              `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid`,
            )
          ).rows.map((r) => r.name);
        await pool().query(
          `CREATE TABLE "${partitionName(today - 9 * 86_400_000)}" PARTITION OF access_logs
         FOR VALUES FROM ('${new Date(today - 9 * 86_400_000).toISOString()}') TO ('${new Date(today - 8 * 86_400_000).toISOString()}')`,
        );
        await store.prune(new Date(today - 7 * 86_400_000), new Date(today - 35 * 86_400_000));
        const left = await partitions();
        expect(left).not.toContain(partitionName(today - 9 * 86_400_000));
        expect(left).toContain(partitionName(utcDayStart(f.base)));
      });

      // Ingest decides what is kept, whichever store holds it: tested once, here.
      it('keeps raw rows as many days as the admin sets, refusing older lines at once', async () => {
        const server = f.server();
        const admin = await server.login('admin');
        const config = await server.call<WebConfig>('GET', WEB_CONFIG_PATHS.get, { token: admin });
        const setKeepDays = async (logKeepDays: number) => {
          const body = { section: 'basic', value: { ...config.body.data!.basic, logKeepDays } };
          return server.call('POST', WEB_CONFIG_PATHS.save, { token: admin, body, lang: 'en' });
        };
        expect((await setKeepDays(91)).body).toMatchObject({
          code: 400,
          msg: expect.stringMatching(/logKeepDays|kept/i),
        });
        expect((await setKeepDays(2)).body.code).toBe(1);
        const site = await f.createSite(f.customer(), 'k.stats.test');
        const old = f.base - 3 * 86_400_000;
        await f.ship([line(site, old, { out: '77' }), line(site, f.base, { out: '66' })], '9-0');
        const requestsIn = async (from: number) =>
          (
            await f.call<TrafficSeries>(ANALYTICS_PATHS.traffic, {
              siteIds: [site],
              interval: '1m',
              ...range(from, from + 60_000),
            })
          ).body.data!.totals;
        expect(await requestsIn(old)).toMatchObject({ requests: 0 });
        expect(await requestsIn(f.base)).toMatchObject({ requests: 1, bytesOut: 66 });
        expect((await setKeepDays(7)).body.code).toBe(1);
      });
    });
  },
);
