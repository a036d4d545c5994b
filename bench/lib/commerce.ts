import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { RunningNimbus } from './nimbus';
import { percentile } from './stats';

/** What every bench order buys: one CDN plan at 1.00 a month, on sale (as an admin would make it). */
export const BENCH_PLAN_CENTS = 100;

/** The bench product's id, made on first use. */
export async function benchProduct(nimbus: RunningNimbus): Promise<number> {
  const [found] = await nimbus.query<{ id: number }>(`select id from products where name = 'Bench CDN plan'`);
  if (found) return found.id;
  const [made] = await nimbus.query<{ id: number }>(
    `insert into products (kind, name, attrs, prices, on_sale)
     values ('cdn_plan', 'Bench CDN plan', '{"domains":1}', $1::jsonb, true) returning id`,
    [JSON.stringify([{ unit: 'm', cents: BENCH_PLAN_CENTS }])],
  );
  return made!.id;
}

/**
 * Customers `<prefix>1…<prefix>count` (made if missing) that log in with the demo customer's
 * password: their hash is the demo's. Returns their ids in order.
 */
export async function benchCustomers(
  nimbus: RunningNimbus,
  prefix: string,
  count: number,
): Promise<number[]> {
  await nimbus.query(
    `insert into customers (username, password_hash)
     select $2 || n, (select password_hash from customers where username = $1)
     from generate_series(1, $3::int) n
     on conflict (username) do nothing`,
    [nimbus.customer.username, prefix, count],
  );
  const rows = await nimbus.query<{ id: number }>(
    `select id from customers where username like $1 || '%' order by id`,
    [prefix],
  );
  return rows.map((r) => r.id);
}

/** A pool straight to Nimbus's PostgreSQL (what the server itself connects to). */
export function benchPool(nimbus: RunningNimbus, max: number): pg.Pool {
  const password = fs.readFileSync(path.join(nimbus.dataDir, 'pg-password'), 'utf8').trim();
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: nimbus.pgPort,
    user: 'nimbus',
    password,
    database: 'nimbus',
    max,
  });
  // An idle connection closed by the server (its shutdown at the end of the run, say) must not
  // end the run as an unhandled 'error' event: the queries that matter throw on their own.
  pool.on('error', () => undefined);
  return pool;
}

export interface Drive {
  /** Calls made (= the items given). */
  count: number;
  /** Calls that threw or answered a failure. */
  failed: number;
  /** The first failure, for the log. */
  firstFailure?: string;
  elapsedMs: number;
  /** Calls per second over the whole batch (first start to last end). */
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * `items.length` calls of `call`, `concurrency` at a time (each worker takes the next item as
 * soon as its last call ended), timed one by one and as a batch. The same driver runs Nimbus's
 * payments and the baseline's inserts, so both are measured the same way.
 */
export async function drive<T>(
  items: readonly T[],
  concurrency: number,
  call: (item: T) => Promise<void>,
): Promise<Drive> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const t0 = performance.now();
      try {
        await call(item);
      } catch (error) {
        failed++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const elapsedMs = performance.now() - started;
  return {
    count: items.length,
    failed,
    firstFailure,
    elapsedMs,
    perSecond: (items.length * 1000) / elapsedMs,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
