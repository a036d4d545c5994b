import { ORDER_PATHS } from '@nimbus/contract';
import { benchCustomers, benchProduct } from './lib/commerce';
import { type Outcome } from './lib/format';
import {
  listOnce,
  listRounds,
  p99Ratio,
  printListRounds,
  type ListRound,
  type ListRoundsOptions,
} from './lib/list-rounds';
import { type RunningNimbus } from './lib/nimbus';

/** Issue 8 §5 (g): the order list answers within 30 ms at p99 with 100,000 orders (median of rounds). */
export const ORDER_LIST_P99_TARGET_MS = 30;
const PATH = `/api/${ORDER_PATHS.list}`;
const DAY_MS = 86_400_000;
/** Other customers sharing the table, each with an equal part of `others` orders. */
const OTHER_CUSTOMERS = 50;

export interface OrderListOptions extends ListRoundsOptions {
  /** The demo customer's orders. */
  orders: number;
  /** Other customers' orders in the same table. */
  others: number;
}

export interface OrderListResult {
  orders: number;
  others: number;
  /** The filtered request's dates and how many of the demo's orders it matches. */
  filter: { startTime: string; endTime: string; matches: number };
  /** Alternating rounds: the bare handler, page 1, paid orders in a date range. */
  rounds: ListRound<'page' | 'filtered'>[];
}

/**
 * `orders` orders of the demo customer and `others` of 50 other customers, interleaved over the
 * last year in one statement, ids rising with time as in production. States: 60 % paid, 25 %
 * timed out, 10 % closed, 5 % unpaid. The unpaid ones expire tomorrow, so that the timeout job
 * (every minute) leaves the table alone during the rounds.
 */
async function seed(nimbus: RunningNimbus, options: OrderListOptions): Promise<void> {
  const product = await benchProduct(nimbus);
  const others = await benchCustomers(nimbus, 'bench-orders-', OTHER_CUSTOMERS);
  const [demo] = await nimbus.query<{ id: number }>('select id from customers where username = $1', [
    nimbus.customer.username,
  ]);
  const total = options.orders + options.others;
  // Row g of `total`: the demo's when it falls in the demo's share of every stretch of rows; its
  // state drawn by a hash of g, so that every customer gets the same mix.
  await nimbus.query(
    `insert into orders (serial_number, customer_id, type, state, amount, currency, body, product_id,
                         cycle, quantity, pay_method, expires_at, paid_at, ended_at, created_at)
     select to_char(t.at at time zone 'UTC', 'YYYYMMDDHH24MISS') || lpad(g::text, 6, '0'),
            t.customer, 10, t.state, (1 + g % 12) * 100, 'CNY', 'Bench CDN plan × 1 month', $4::int,
            'm', 1,
            case when t.state = 'paid' then 0 end,
            case when t.state = 'unpaid' then now() + interval '1 day' else t.at + interval '30 minutes' end,
            case when t.state = 'paid' then t.at + interval '2 minutes' end,
            case when t.state in ('closed', 'timeout') then t.at + interval '30 minutes' end,
            t.at
     from generate_series(0, $3::int - 1) g,
          lateral (select
            now() - interval '365 days' + (g::float8 / $3) * interval '365 days' - interval '1 minute' as at,
            case when (g::bigint * $2) / $3 <> ((g::bigint + 1) * $2) / $3 then $1::int
                 else ($5::int[])[1 + g % array_length($5::int[], 1)] end as customer,
            (array['unpaid', 'closed', 'closed', 'timeout', 'timeout', 'timeout', 'timeout', 'timeout',
                   'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid',
                   'paid'])[1 + (hashint4(g) & 1048575) % 20] as state) t`,
    [demo!.id, options.orders, total, product, others],
  );
  // The table as autovacuum leaves it after a bulk insert (statistics and visibility map):
  // otherwise the plans change in the middle of the rounds, whenever autovacuum gets to it.
  await nimbus.query('vacuum analyze orders');
}

/** The filtered request: the paid orders of three months, from the first day's 00:00:00 to the last day's 23:59:59. */
function paidRange(now = Date.now()) {
  const day = (daysAgo: number) => new Date(Math.floor(now / DAY_MS - daysAgo) * DAY_MS);
  return {
    state: 'paid' as const,
    startTime: day(120).toISOString(),
    endTime: new Date(day(30).getTime() + DAY_MS - 1000).toISOString(),
  };
}

/**
 * (g) POST app/finance/order/list for the demo customer with 100,000 orders among 200,000
 * (autocannon): page 1, and the paid orders of a date range; beside a bare Fastify process
 * answering the same page of JSON (same load, same run).
 */
export async function benchOrderList(
  nimbus: RunningNimbus,
  options: OrderListOptions,
): Promise<OrderListResult> {
  await seed(nimbus, options);
  const token = await nimbus.login('customer');
  const headers = { token, 'content-type': 'application/json' };
  const range = paidRange();
  const pageBody = JSON.stringify({ page: 1, limit: 20 });
  const filteredBody = JSON.stringify({ page: 1, limit: 20, ...range });
  const requests = { path: PATH, headers };
  const page = await listOnce(nimbus, 'order list', requests, pageBody);
  if (page.totalCount !== options.orders || page.rows !== Math.min(20, options.orders))
    throw new Error(
      `the list counts ${page.totalCount} orders (${page.rows} on page 1), not ${options.orders}`,
    );
  const filtered = await listOnce(nimbus, 'order list', requests, filteredBody);
  const [expected] = await nimbus.query<{ n: number }>(
    `select count(*)::int n from orders o join customers c on c.id = o.customer_id
     where c.username = $1 and o.state = 'paid' and o.created_at between $2 and $3`,
    [nimbus.customer.username, range.startTime, range.endTime],
  );
  if (filtered.totalCount !== expected!.n)
    throw new Error(`the filtered list counts ${filtered.totalCount} orders, the table ${expected!.n}`);

  const rounds = await listRounds(
    nimbus,
    {
      ...requests,
      baseline: { body: pageBody, answer: page.text },
      bodies: { page: pageBody, filtered: filteredBody },
    },
    options,
  );
  return {
    orders: options.orders,
    others: options.others,
    filter: { startTime: range.startTime, endTime: range.endTime, matches: filtered.totalCount },
    rounds,
  };
}

export function printOrderList(result: OrderListResult): Outcome[] {
  // The issue names both: the plain list and the list filtered by state and dates.
  const { outcomes, series } = printListRounds({
    rounds: result.rounds,
    names: {
      baseline: 'bare Fastify, same JSON',
      page: 'Nimbus page 1 (limit 20)',
      filtered: `Nimbus paid, ${result.filter.startTime.slice(0, 10)}…${result.filter.endTime.slice(0, 10)} (${result.filter.matches} matches)`,
    },
    targetMs: ORDER_LIST_P99_TARGET_MS,
    judged: { page: 'order list page 1 p99', filtered: 'order list paid + date range p99' },
  });
  const ratio = (kind: 'page' | 'filtered') => p99Ratio(series[kind], series.baseline);
  console.log(
    `p99 ratio Nimbus / bare handler (medians): page 1 ${ratio('page')}×, filtered ${ratio('filtered')}× (info)`,
  );
  return outcomes;
}
