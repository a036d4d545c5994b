import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Direct access to the running Nimbus's database: tests read captcha answers from it. */
export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const password = fs.readFileSync(path.join(inject('dataDir'), 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: inject('pgPort'),
    user: 'nimbus',
    password,
    database: 'nimbus',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function captchaAnswer(uuid: string): Promise<string> {
  return withDb(async (client) => {
    const result = await client.query<{ answer: string }>('select answer from captchas where uuid = $1', [
      uuid,
    ]);
    const answer = result.rows[0]?.answer;
    if (!answer) throw new Error(`no captcha stored for ${uuid}`);
    return answer;
  });
}

/**
 * Gives a customer a CDN plan in force with `domains` domain slots, written straight to the
 * database: for browser tests of other areas, which need a plan (a real install requires one for
 * sites) but do not test buying it. The purchase itself is tested in plans.e2e.ts.
 */
export async function givePlan(username: string, domains = 10): Promise<void> {
  await withDb(async (client) => {
    const product = await client.query<{ id: number }>(
      `insert into products (kind, name, attrs, prices, on_sale)
       values ('cdn_plan', 'Browser-test plan', $1, '[{"unit":"m","cents":100}]', false) returning id`,
      [JSON.stringify({ domains, purge: 1000, preheat: 1000, https: true, streamPorts: 10 })],
    );
    await client.query(
      `insert into customer_plans (customer_id, product_id, kind, name, attrs, cycle, starts_at, ends_at, order_serial)
       select id, $2, 'cdn_plan', 'Browser-test plan', $3, 'm', now(), now() + interval '30 days', 'e2e-fixture'
       from customers where username = $1`,
      [
        username,
        product.rows[0]!.id,
        JSON.stringify({ domains, purge: 1000, preheat: 1000, https: true, streamPorts: 10 }),
      ],
    );
  });
}

/**
 * A customer with a bound mobile and `cents` on their balance, the opening credit in the ledger as
 * an admin's manual credit would leave it: a buyer for the commerce tests.
 */
export async function seedBuyer(
  client: pg.Client,
  buyer: { username: string; passwordHash: string; mobile: string; cents: number },
): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `insert into customers (username, password_hash, mobile, property_balance) values ($1, $2, $3, $4) returning id`,
    [buyer.username, buyer.passwordHash, buyer.mobile, buyer.cents],
  );
  await client.query(
    `insert into balance_ledger (customer_id, amount, balance_after, reason, note) values ($1, $2, $2, 'manual_credit', 'e2e opening')`,
    [rows[0]!.id, buyer.cents],
  );
}
