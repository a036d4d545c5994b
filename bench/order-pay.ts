import http from 'node:http';
import { ORDER_PATHS } from '@nimbus/contract';
import { BENCH_PLAN_CENTS, benchCustomers, benchPool, benchProduct, drive, type Drive } from './lib/commerce';
import { table, verdict, type Outcome } from './lib/format';
import type { RunningNimbus } from './lib/nimbus';
import { percentile, spread } from './lib/stats';

const PATH = `/api/${ORDER_PATHS.pay}`;
const PAYER = 'bench-payer-';
/** Serial numbers of the payer's orders: after the order list's (whose suffixes stay below this). */
const SERIAL_BASE = 900_000;

export interface PayOptions {
  connections: number;
  /** Payments (and baseline inserts) per round. */
  payments: number;
  /** Payments before the rounds, not timed (they count in the books). */
  warmup: number;
  rounds: number;
}

export interface PayRound {
  /** Single-row INSERTs through pg at the same concurrency. */
  baseline: Drive;
  payments: Drive;
  /** payments/s ÷ inserts/s. */
  ratio: number;
  /** Every payment answered code 1 and every insert succeeded. */
  valid: boolean;
}

export interface Books {
  opening: number;
  balance: number;
  ledgerSum: number;
  ledgerRows: number;
  paidOrders: number;
  plans: number;
  /** Payments that answered code 1, warm-up included. */
  succeeded: number;
  pass: boolean;
}

export interface PayResult {
  connections: number;
  payments: number;
  rounds: PayRound[];
  /** The median of the valid rounds' ratios. */
  ratio: number;
  books: Books;
}

interface Payer {
  id: number;
  username: string;
  opening: number;
  serials: string[];
}

/**
 * One customer with enough balance for every order it has (its opening balance as a ledger
 * row, reason manual_credit, so the balance is its ledger's sum from the start), and that many
 * unpaid plan orders (type 10, the bench product, cycle m, with the basis they were priced on,
 * plan-basis.ts), expiring tomorrow: every round pays
 * fresh ones. No pay password is set.
 */
async function seed(nimbus: RunningNimbus, count: number): Promise<Payer> {
  if (count >= 100_000) throw new Error(`${count} orders to pay: at most 99,999`);
  const product = await benchProduct(nimbus);
  const [id] = await benchCustomers(nimbus, PAYER, 1);
  const username = `${PAYER}1`;
  const opening = count * BENCH_PLAN_CENTS;
  const rows = await nimbus.query<{ serial_number: string }>(
    `insert into orders (serial_number, customer_id, type, state, amount, currency, body, product_id,
                         cycle, quantity, expires_at, basis)
     select to_char(now() at time zone 'UTC', 'YYYYMMDDHH24MISS') || ($4::int + g), $1, 10, 'unpaid', $3,
            'CNY', 'Bench CDN plan × 1 month', $2, 'm', 1, now() + interval '1 day',
            jsonb_build_object('productId', $2::int, 'onSale', true, 'price', $3::bigint)
     from generate_series(0, $5::int - 1) g
     order by g
     returning serial_number`,
    [id, product, BENCH_PLAN_CENTS, SERIAL_BASE, count],
  );
  await nimbus.query(
    `with c as (update customers set property_balance = $2 where id = $1 returning id)
     insert into balance_ledger (customer_id, amount, balance_after, reason, note)
     select id, $2, $2, 'manual_credit', 'bench opening balance' from c`,
    [id, opening],
  );
  await nimbus.query('vacuum analyze orders');
  return { id: id!, username, opening, serials: rows.map((r) => r.serial_number) };
}

/** A keep-alive POST of JSON; resolves with the answer's text. */
function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(text)
            : reject(new Error(`HTTP ${response.statusCode}: ${text}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function books(nimbus: RunningNimbus, payer: Payer, succeeded: number): Promise<Books> {
  const [row] = await nimbus.query<{
    balance: string;
    ledger_sum: string;
    ledger_rows: number;
    paid: number;
    plans: number;
  }>(
    `select c.property_balance balance,
            (select coalesce(sum(amount), 0) from balance_ledger where customer_id = c.id) ledger_sum,
            (select count(*)::int from balance_ledger where customer_id = c.id) ledger_rows,
            (select count(*)::int from orders where customer_id = c.id and state = 'paid') paid,
            (select count(*)::int from customer_plans where customer_id = c.id) plans
     from customers c where c.id = $1`,
    [payer.id],
  );
  const balance = Number(row!.balance);
  const ledgerSum = Number(row!.ledger_sum);
  return {
    opening: payer.opening,
    balance,
    ledgerSum,
    ledgerRows: row!.ledger_rows,
    paidOrders: row!.paid,
    plans: row!.plans,
    succeeded,
    pass:
      balance === ledgerSum &&
      row!.paid === succeeded &&
      row!.plans === succeeded &&
      balance === payer.opening - succeeded * BENCH_PLAN_CENTS,
  };
}

/**
 * (h) Balance payments per second: `connections` at a time, each POST app/finance/order/pay on
 * its own unpaid order of one customer (lock the order, guarded balance update, ledger row, plan,
 * audit row: one transaction), beside the same number of single-row INSERTs through a pg.Pool of
 * the same size. Rounds alternate the two; afterwards the customer's books must add up.
 */
export async function benchPay(nimbus: RunningNimbus, options: PayOptions): Promise<PayResult> {
  const rounds = Math.max(1, options.rounds);
  const payer = await seed(nimbus, options.warmup + rounds * options.payments);
  const token = await nimbus.login('customer', {
    username: payer.username,
    password: nimbus.customer.password,
  });
  const headers = { token, 'content-type': 'application/json' };
  const url = new URL(PATH, nimbus.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const pool = benchPool(nimbus, options.connections);
  let succeeded = 0;
  const pay = async (serialNumber: string) => {
    const text = await post(agent, url, headers, JSON.stringify({ serialNumber }));
    const answer = JSON.parse(text) as { code?: number; data?: { state?: string } };
    if (answer.code !== 1 || answer.data?.state !== 'paid')
      throw new Error(`${serialNumber}: ${text.slice(0, 300)}`);
    succeeded++;
  };
  let n = 0;
  const insert = async () => {
    n += 1;
    await pool.query(
      'insert into bench_pay_baseline (serial_number, customer_id, amount) values ($1, $2, $3)',
      [`baseline-${n}`, payer.id, BENCH_PLAN_CENTS],
    );
  };
  try {
    await pool.query(
      `create table if not exists bench_pay_baseline (
         id bigserial primary key, serial_number text not null, customer_id integer not null,
         amount bigint not null, created_at timestamptz not null default now())`,
    );
    const serials = payer.serials;
    const batch = (i: number) =>
      serials.slice(options.warmup + i * options.payments, options.warmup + (i + 1) * options.payments);
    const slots = (count: number) => Array.from({ length: count }, (_, i) => i);
    // Warm-up: every pool connection and HTTP socket opened, both code paths run.
    if (options.warmup > 0) {
      await drive(slots(options.warmup), options.connections, insert);
      const warm = await drive(serials.slice(0, options.warmup), options.connections, pay);
      if (warm.failed > 0) throw new Error(`warm-up payments failed: ${warm.firstFailure}`);
    }
    const result: PayRound[] = [];
    for (let r = 0; r < rounds; r++) {
      const baseline = await drive(slots(options.payments), options.connections, insert);
      const payments = await drive(batch(r), options.connections, pay);
      result.push({
        baseline,
        payments,
        ratio: payments.perSecond / baseline.perSecond,
        valid: payments.failed === 0 && baseline.failed === 0,
      });
    }
    return {
      connections: options.connections,
      payments: options.payments,
      rounds: result,
      // A round with a failed call does not count.
      ratio: percentile(
        result.filter((r) => r.valid).map((r) => r.ratio),
        50,
      ),
      books: await books(nimbus, payer, succeeded),
    };
  } finally {
    agent.destroy();
    await pool.query('drop table if exists bench_pay_baseline').catch(() => undefined);
    await pool.end();
  }
}

export function printPay(result: PayResult): Outcome[] {
  const valid = result.rounds.every((r) => r.valid);
  const rows = result.rounds.flatMap((round, i) =>
    (
      [
        ['bare INSERT (pg.Pool)', round.baseline],
        ['Nimbus balance payment', round.payments],
      ] as const
    ).map(([name, d]) => [
      i + 1,
      name,
      d.count,
      (d.elapsedMs / 1000).toFixed(2),
      d.perSecond.toFixed(0),
      d.p50.toFixed(1),
      d.p99.toFixed(1),
      d.failed,
      d !== round.payments ? '' : round.valid ? `${round.ratio.toFixed(3)}×` : 'invalid',
    ]),
  );
  console.log(table(['round', 'call', 'calls', 's', 'per s', 'p50 ms', 'p99 ms', 'failed', 'ratio'], rows));
  for (const [i, round] of result.rounds.entries()) {
    const failure = round.payments.firstFailure ?? round.baseline.firstFailure;
    if (failure) console.log(`round ${i + 1} is invalid: first failure ${failure}`);
  }
  const ratios = result.rounds.filter((r) => r.valid).map((r) => r.ratio);
  const rate = (pick: (r: PayRound) => Drive) => {
    const values = result.rounds.map((r) => pick(r).perSecond);
    return `min ${Math.min(...values).toFixed(0)} · median ${percentile(values, 50).toFixed(0)} · max ${Math.max(...values).toFixed(0)}`;
  };
  console.log(`bare INSERTs/s: ${rate((r) => r.baseline)} (baseline, info)`);
  console.log(
    `payments/s: ${rate((r) => r.payments)} · p50 ${spread(result.rounds.map((r) => r.payments.p50))} · ` +
      `p99 ${spread(result.rounds.map((r) => r.payments.p99))} (info)`,
  );
  console.log(
    ratios.length === 0
      ? 'ratio payments / inserts: no valid round'
      : `ratio payments / inserts: min ${Math.min(...ratios).toFixed(3)}× · median ${result.ratio.toFixed(3)}× · ` +
          `max ${Math.max(...ratios).toFixed(3)}× (no target, info${valid ? '' : '; invalid rounds left out'})`,
  );
  const b = result.books;
  console.log(
    `books of the payer (cents): opening ${b.opening}, balance ${b.balance}, sum of its ${b.ledgerRows} ledger rows ` +
      `${b.ledgerSum}; ${b.succeeded} payments answered code 1 (warm-up included), ${b.paidOrders} orders paid, ` +
      `${b.plans} plans made ${verdict(b.pass)}`,
  );
  return [
    { name: 'payments all answered code 1', pass: valid },
    { name: 'payments books balance', pass: b.pass },
  ];
}
