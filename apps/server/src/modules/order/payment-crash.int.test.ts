import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, PG_PASSWORD, PG_USER, TEMPLATE_DB } from '../../../test/global-setup';
import { NO_POWERDNS_ENV } from '../../../test/support/console-process';
import { freePort } from '../../../test/support/edge-fleet';
import { hashPassword } from '../../platform/auth/secrets';

/**
 * Issue 8 §4: the real server (`npm start`'s entry point, its own process) is killed with
 * SIGKILL in the middle of a balance payment loop. After a restart every acknowledged payment is
 * there, no order is paid twice, and the balance still equals its ledger.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-crash-'));
const port = await freePort();
const database = `crash_${crypto.randomBytes(5).toString('hex')}`;
const ORDERS = 400;
const PRICE = 100;
const OPENING = 1_000_000;
let child: ChildProcess | undefined;
let db: pg.Pool;
const base = `http://127.0.0.1:${port}/api`;

async function start(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${inject('pgPort')}/${database}`,
      WEB_DIST_DIR: '/nonexistent',
      NIMBUS_ADMIN_PASSWORD: 'crash-admin-1',
      NIMBUS_DEMO_PASSWORD: 'crash-demo-1',
      LOG_LEVEL: 'warn',
      ...NO_POWERDNS_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  started.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  started.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  for (let waited = 0; !output.includes('Nimbus is running'); waited += 100) {
    if (started.exitCode !== null || waited > 90_000) throw new Error(`Nimbus did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return started;
}

async function login(): Promise<string> {
  const uuid = crypto.randomUUID();
  await (await fetch(`${base}/app/account/kaptcha.jpg?uuid=${uuid}`)).arrayBuffer();
  const { rows } = await db.query<{ answer: string }>('select answer from captchas where uuid = $1', [uuid]);
  const answer = await fetch(`${base}/app/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'crash-payer',
      password: 'crash-pass-1',
      captcha: rows[0]!.answer,
      uuid,
    }),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

async function pay(token: string, serialNumber: string): Promise<number | 'no answer'> {
  try {
    const answer = await fetch(`${base}/app/finance/order/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ serialNumber }),
    });
    return ((await answer.json()) as { code: number }).code;
  } catch {
    return 'no answer';
  }
}

beforeAll(async () => {
  await createTestDatabase(inject('pgPort'), database, TEMPLATE_DB);
  db = new pg.Pool({
    host: '127.0.0.1',
    port: inject('pgPort'),
    user: PG_USER,
    password: PG_PASSWORD,
    database,
    max: 2,
  });
  child = await start();
  const {
    rows: [customer],
  } = await db.query<{ id: number }>(
    `insert into customers (username, password_hash, property_balance) values ('crash-payer', $1, $2) returning id`,
    [await hashPassword('crash-pass-1'), OPENING],
  );
  await db.query(
    `insert into balance_ledger (customer_id, amount, balance_after, reason, note) values ($1, $2, $2, 'manual_credit', 'opening')`,
    [customer!.id, OPENING],
  );
  const {
    rows: [product],
  } = await db.query<{ id: number }>(
    `insert into products (kind, name, attrs, prices, on_sale) values ('cdn_plan', 'Crash plan', '{"domains":1}', '[{"unit":"m","cents":${PRICE}}]', true) returning id`,
  );
  await db.query(
    // With the basis the purchase was priced on (plan-basis.ts): an order without one is refused.
    `insert into orders (serial_number, customer_id, type, amount, body, product_id, cycle, quantity, expires_at, basis)
     select 'CRASH' || lpad(n::text, 6, '0'), $1, 10, $2, 'Crash plan', $3, 'm', 1, now() + interval '1 day',
            jsonb_build_object('productId', $3::int, 'onSale', true, 'price', ${PRICE})
     from generate_series(1, ${ORDERS}) n`,
    [customer!.id, PRICE, product!.id],
  );
}, 120_000);

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  await db?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of payments', () => {
  it('keeps every acknowledged payment and pays no order twice', async () => {
    const token = await login();
    const serials = Array.from({ length: ORDERS }, (_, i) => `CRASH${String(i + 1).padStart(6, '0')}`);
    const acknowledged: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < serials.length) {
        const serial = serials[next++]!;
        if ((await pay(token, serial)) === 1) acknowledged.push(serial);
      }
    };
    const loop = Promise.all(Array.from({ length: 6 }, worker));
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    child!.kill('SIGKILL');
    await loop;
    expect(acknowledged.length).toBeLessThan(ORDERS);

    child = await start();
    const paid = await db.query<{ serial_number: string; ledger_rows: string; plans: string }>(
      `select o.serial_number,
              (select count(*) from balance_ledger l where l.order_serial = o.serial_number) as ledger_rows,
              (select count(*) from customer_plans p where p.order_serial = o.serial_number) as plans
       from orders o where o.state = 'paid'`,
    );
    const paidSerials = new Set(paid.rows.map((row) => row.serial_number));
    for (const serial of acknowledged) expect(paidSerials.has(serial), serial).toBe(true);
    for (const row of paid.rows) expect([row.ledger_rows, row.plans]).toEqual(['1', '1']);
    const unpaidWithMoney = await db.query(
      `select 1 from balance_ledger l join orders o on o.serial_number = l.order_serial where o.state <> 'paid'`,
    );
    expect(unpaidWithMoney.rows).toEqual([]);
    const books = await db.query<{ balance: string; ledger: string }>(
      `select c.property_balance as balance, (select sum(amount) from balance_ledger where customer_id = c.id) as ledger
       from customers c where username = 'crash-payer'`,
    );
    expect(Number(books.rows[0]!.balance)).toBe(OPENING - PRICE * paid.rows.length);
    expect(books.rows[0]!.ledger).toBe(books.rows[0]!.balance);

    // After the restart the rest pay as usual, and an acknowledged one is refused as paid.
    const again = await login();
    expect(await pay(again, acknowledged[0]!)).toBe(409);
    const rest = serials.filter((serial) => !paidSerials.has(serial)).slice(0, 20);
    for (const serial of rest) expect(await pay(again, serial)).toBe(1);
  }, 180_000);
});
