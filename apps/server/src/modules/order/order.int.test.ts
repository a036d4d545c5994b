import { addCycles } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { auditLog } from '../../platform/audit/audit.schema';
import { customers } from '../account/account.schema';
import { balanceLedger } from '../finance/finance.schema';
import { orderRepository } from './order.repository';
import { orders } from './order.schema';

let server: TestServer;
let admin: string;
let alice: string;
let bob: string;
let aliceId: number;
let planProduct: number;
let dearerProduct: number;
let vasProduct: number;

interface Order {
  serialNumber: string;
  userId: number;
  username: string;
  type: number;
  state: string;
  amount: number;
  planId: number | null;
  payMethod: number | null;
  expiresAt: string;
  paidAt: string | null;
}
interface Plan {
  id: number;
  name: string;
  status: string;
  attrs: Record<string, number | boolean>;
  startAt: string;
  endAt: string;
}
interface Page<T> {
  list: T[];
  totalCount: number;
}

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });
const post = <T>(path: string, body: unknown, token = alice) => call<T>('POST', path, { token, body });

async function product(body: Record<string, unknown>): Promise<number> {
  const saved = await post<{ id: number }>(
    'sys/product/save',
    { billingMode: 1, onSale: true, description: '', ...body },
    admin,
  );
  expect(saved.body.code, saved.body.msg).toBe(1);
  return saved.body.data!.id;
}

const credit = (userId: number, amount: number) =>
  post('sys/finance/recharge', { userId, direction: 'credit', amount, note: 'test money' }, admin);

async function balanceOf(id: number): Promise<number> {
  const [row] = await server.database.db
    .select({ balance: customers.propertyBalance })
    .from(customers)
    .where(eq(customers.id, id));
  return row!.balance;
}

async function ledgerSum(id: number): Promise<number> {
  const [row] = await server.database.db
    .select({ sum: sql<string>`coalesce(sum(${balanceLedger.amount}), 0)` })
    .from(balanceLedger)
    .where(eq(balanceLedger.customerId, id));
  return Number(row!.sum);
}

const buy = async (quantity = 1, token = alice) => {
  const answer = await post<Order>(
    'app/plan/purchase',
    { productId: planProduct, cycle: 'm', quantity },
    token,
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const pay = (serialNumber: string, token = alice, payPassword?: string) =>
  post<Order>('app/finance/order/pay', { serialNumber, payPassword }, token);
const myPlans = async (token = alice) =>
  (await post<Page<Plan>>('app/plan/own/list', { limit: 100 }, token)).body.data!.list;

beforeAll(async () => {
  server = await startTestServer();
  const passwordHash = await hashPassword('order-pass-1');
  const rows = await server.database.db
    .insert(customers)
    .values([
      { username: 'alice-order', passwordHash },
      { username: 'bob-order', passwordHash },
    ])
    .returning();
  aliceId = rows[0]!.id;
  [admin, alice, bob] = await Promise.all([
    server.login('admin'),
    server.login('customer', { username: 'alice-order', password: 'order-pass-1' }),
    server.login('customer', { username: 'bob-order', password: 'order-pass-1' }),
  ]);
  planProduct = await product({
    kind: 'cdn_plan',
    name: 'Starter',
    attrs: { domains: 5, traffic: 100, https: false },
    prices: [
      { unit: 'm', cents: 1_000 },
      { unit: 'y', cents: 10_000 },
    ],
  });
  dearerProduct = await product({
    kind: 'cdn_plan',
    name: 'Business',
    attrs: { domains: 50, traffic: 1000, https: true },
    prices: [{ unit: 'm', cents: 4_000 }],
  });
  vasProduct = await product({
    kind: 'vas',
    name: 'Extra domains',
    attrs: { domains: 10 },
    prices: [{ unit: 'p', cents: 500 }],
  });
});
afterAll(() => server.close());

describe('buying a plan with the balance', () => {
  it('places an unpaid order at the price of the cycles bought, timing out after 30 minutes', async () => {
    const order = await buy(3);
    expect(order).toMatchObject({ type: 10, state: 'unpaid', amount: 3_000, username: 'alice-order' });
    expect(order.serialNumber).toMatch(/^\d{20}$/);
    const waits = new Date(order.expiresAt).getTime() - Date.now();
    expect(waits).toBeGreaterThan(29 * 60_000);
    expect(waits).toBeLessThanOrEqual(30 * 60_000);
  });

  it('refuses a product off sale, a cycle without a price, and a bad quantity, naming the field', async () => {
    const dayCycle = await post('app/plan/purchase', { productId: planProduct, cycle: 'd', quantity: 1 });
    expect(dayCycle.body.msg).toBe('This product has no price for that billing cycle');
    const service = await post('app/plan/purchase', { productId: vasProduct, cycle: 'm', quantity: 1 });
    expect(service.body.msg).toBe('This product is not on sale');
    const zero = await post('app/plan/purchase', { productId: planProduct, cycle: 'm', quantity: 0 });
    expect(zero.body.code).toBe(400);
    expect(zero.body.msg).toContain('Quantity');
  });

  it('refuses payment beyond the balance and changes nothing', async () => {
    const order = await buy();
    const refused = await pay(order.serialNumber);
    expect(refused.body.msg).toBe('Insufficient balance: the balance would fall below zero');
    const detail = await call<Order>('GET', 'app/finance/order/detail', {
      token: alice,
      query: { serialNumber: order.serialNumber },
    });
    expect(detail.body.data!.state).toBe('unpaid');
    expect(await myPlans()).toEqual([]);
  });

  it('pays: one ledger row with the order, the plan in force for the cycles bought, audited', async () => {
    await credit(aliceId, 5_000);
    const order = await buy(2);
    const paid = await pay(order.serialNumber);
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(paid.body.data).toMatchObject({ state: 'paid', payMethod: 0 });
    expect(await balanceOf(aliceId)).toBe(3_000);
    expect(await ledgerSum(aliceId)).toBe(3_000);
    const rows = await server.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.orderSerial, order.serialNumber));
    expect(rows).toMatchObject([{ amount: -2_000, reason: 'order_payment' }]);
    const [plan] = await myPlans();
    expect(plan).toMatchObject({ name: 'Starter', status: 'unused', attrs: { domains: 5 } });
    expect(plan!.endAt).toBe(addCycles(new Date(plan!.startAt), 'm', 2).toISOString());
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'finance.order_pay'));
    expect(audit.map((row) => row.target)).toContain(`order:${order.serialNumber}`);
  });

  it('pays one order once when 200 payments race for it', async () => {
    await credit(aliceId, 1_000);
    const order = await buy();
    const before = await balanceOf(aliceId);
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(order.serialNumber)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    expect(new Set(answers.filter((a) => a.body.code === 409).map((a) => a.body.msg))).toEqual(
      new Set(['Do not pay repeatedly: this order is already paid']),
    );
    expect(await balanceOf(aliceId)).toBe(before - 1_000);
    const rows = await server.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.orderSerial, order.serialNumber));
    expect(rows).toHaveLength(1);
  });

  it('never takes the balance below zero when 200 purchases together exceed it', async () => {
    const [row] = await server.database.db
      .insert(customers)
      .values({ username: 'carol-order', passwordHash: await hashPassword('order-pass-1') })
      .returning();
    const carol = await server.login('customer', { username: 'carol-order', password: 'order-pass-1' });
    await credit(row!.id, 20_000);
    const placed = await Promise.all(Array.from({ length: 200 }, () => buy(1, carol)));
    const answers = await Promise.all(placed.map((order) => pay(order.serialNumber, carol)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(20);
    expect(await balanceOf(row!.id)).toBe(0);
    expect(await ledgerSum(row!.id)).toBe(0);
    expect(await myPlans(carol)).toHaveLength(20);
  });
});

describe('the order rules', () => {
  it("answers 404 for another customer's order", async () => {
    const order = await buy();
    for (const answer of [
      await pay(order.serialNumber, bob),
      await post('app/finance/order/close', { serialNumber: order.serialNumber }, bob),
      await call('GET', 'app/finance/order/detail', {
        token: bob,
        query: { serialNumber: order.serialNumber },
      }),
    ])
      expect(answer.body).toMatchObject({ code: 404, msg: 'Order not found' });
    const bobs = await post<Page<Order>>('app/finance/order/list', {}, bob);
    expect(bobs.body.data!.totalCount).toBe(0);
  });

  it('closes an unpaid order, which then cannot be paid; a paid one cannot be closed', async () => {
    const order = await buy();
    const closed = await post<Order>('app/finance/order/close', { serialNumber: order.serialNumber });
    expect(closed.body.data!.state).toBe('closed');
    expect((await pay(order.serialNumber)).body.msg).toBe('The order is closed');
    const paidOne = (await post<Page<Order>>('app/finance/order/list', { state: 'paid' })).body.data!
      .list[0]!;
    const again = await post('app/finance/order/close', { serialNumber: paidOne.serialNumber });
    expect(again.body).toMatchObject({ code: 409, msg: 'The order is already paid' });
  });

  it('times out an unpaid order past its time: refused at once, marked by the timeout job', async () => {
    const order = await buy();
    await server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.serialNumber, order.serialNumber));
    expect((await pay(order.serialNumber)).body.msg).toBe('The order has timed out: place a new order');
    expect(await orderRepository(server.database.db).timeOutDue(new Date())).toBeGreaterThanOrEqual(1);
    const detail = await call<Order>('GET', 'app/finance/order/detail', {
      token: alice,
      query: { serialNumber: order.serialNumber },
    });
    expect(detail.body.data!.state).toBe('timeout');
  });

  it('lists by type, state and serial number, and admins by customer', async () => {
    const order = await buy();
    const bySerial = await post<Page<Order>>('app/finance/order/list', {
      serialNumber: order.serialNumber.slice(0, 18),
      state: 'unpaid',
      type: 10,
    });
    expect(bySerial.body.data!.list.map((o) => o.serialNumber)).toContain(order.serialNumber);
    const none = await post<Page<Order>>('app/finance/order/list', { type: 2 });
    expect(none.body.data!.totalCount).toBe(0);
    const adminList = await post<Page<Order>>('sys/finance/order/list', { username: 'ALICE-order' }, admin);
    expect(adminList.body.data!.list.every((o) => o.username === 'alice-order')).toBe(true);
    expect((await post('sys/finance/order/list', {}, alice)).body.code).toBe(403);
  });

  it('counts its own orders at once, and a change made elsewhere (psql, another instance) once heard', async () => {
    const unpaid = async () =>
      (await post<Page<Order>>('app/finance/order/list', { state: 'unpaid' })).body.data!.totalCount;
    const before = await unpaid();
    await buy();
    expect(await unpaid()).toBe(before + 1);
    await server.database.db
      .update(orders)
      .set({ state: 'closed' })
      .where(sql`${orders.customerId} = ${aliceId} and ${orders.state} = 'unpaid'`);
    await vi.waitFor(async () => expect(await unpaid()).toBe(0));
  });
});

describe('the pay password', () => {
  it('is set with the login password, then asked for every balance payment', async () => {
    const wrongLogin = await post('app/account/user/propertyPayPassword/reset', {
      password: 'nope',
      payPassword: '123456',
      confirmPayPassword: '123456',
    });
    expect(wrongLogin.body.msg).toBe('The login password is wrong');
    const mismatch = await post('app/account/user/propertyPayPassword/reset', {
      password: 'order-pass-1',
      payPassword: '123456',
      confirmPayPassword: '654321',
    });
    expect(mismatch.body.code).toBe(400);
    const set = await post('app/account/user/propertyPayPassword/reset', {
      password: 'order-pass-1',
      payPassword: '123456',
      confirmPayPassword: '123456',
    });
    expect(set.body.code, set.body.msg).toBe(1);
    const status = await call<{ set: boolean }>('GET', 'app/account/user/propertyPayPassword/set', {
      token: alice,
    });
    expect(status.body.data).toEqual({ set: true });

    await credit(aliceId, 1_000);
    const order = await buy();
    expect((await pay(order.serialNumber)).body.msg).toBe('Enter your pay password');
    expect((await pay(order.serialNumber, alice, '000000')).body.msg).toBe('The pay password is wrong');
    expect((await pay(order.serialNumber, alice, '123456')).body.code).toBe(1);
  });
});

describe('renewal, upgrade and value-added services', () => {
  it('renews from the end, upgrades for the price difference of the time left, adds services', async () => {
    const [row] = await server.database.db
      .insert(customers)
      .values({
        username: 'dave-order',
        passwordHash: await hashPassword('order-pass-1'),
        propertyBalance: 0,
      })
      .returning();
    const dave = await server.login('customer', { username: 'dave-order', password: 'order-pass-1' });
    await credit(row!.id, 100_000);
    await pay((await buy(1, dave)).serialNumber, dave);
    const [plan] = await myPlans(dave);

    const renewal = await post<Order>('app/plan/renew', { planId: plan!.id, cycle: 'y', quantity: 1 }, dave);
    expect(renewal.body.data).toMatchObject({ type: 11, amount: 10_000, planId: plan!.id });
    await pay(renewal.body.data!.serialNumber, dave);
    const [renewed] = await myPlans(dave);
    expect(renewed!.endAt).toBe(addCycles(new Date(plan!.endAt), 'y', 1).toISOString());

    const quote = await post<{ amount: number; remainingDays: number }>(
      'app/plan/upgrade/quote',
      { planId: plan!.id, productId: dearerProduct },
      dave,
    );
    // About 13 months left at (40 - 10) a 30-day month.
    expect(quote.body.data!.remainingDays).toBeGreaterThan(390);
    expect(quote.body.data!.amount).toBeGreaterThan(3_000 * 13);
    expect(quote.body.data!.amount).toBeLessThan(3_000 * 14);
    const upgrade = await post<Order>(
      'app/plan/upgrade',
      { planId: plan!.id, productId: dearerProduct },
      dave,
    );
    expect(upgrade.body.data).toMatchObject({ type: 13, amount: quote.body.data!.amount });
    await pay(upgrade.body.data!.serialNumber, dave);
    const cheaper = await post('app/plan/upgrade/quote', { planId: plan!.id, productId: planProduct }, dave);
    expect(cheaper.body.msg).toBe('A plan can only be upgraded to a dearer plan');

    const service = await post<Order>(
      'app/plan/vas/purchase',
      { planId: plan!.id, productId: vasProduct, cycle: 'p', quantity: 3 },
      dave,
    );
    expect(service.body.data).toMatchObject({ type: 12, amount: 1_500 });
    await pay(service.body.data!.serialNumber, dave);
    const [upgraded] = await myPlans(dave);
    expect(upgraded).toMatchObject({ name: 'Business', attrs: { domains: 80, https: true } });
    const services = await post<Page<{ name: string; attrs: Record<string, number> }>>(
      'app/plan/vas/list',
      {},
      dave,
    );
    expect(services.body.data!.list).toMatchObject([{ name: 'Extra domains', attrs: { domains: 30 } }]);
    expect((await post('app/plan/renew', { planId: plan!.id, cycle: 'm', quantity: 1 })).body.code).toBe(404);
  });
});

describe('administrators', () => {
  it('mark an order paid, refund it to the balance (the plan becomes invalid), and void one', async () => {
    const order = await buy();
    const note = { serialNumber: order.serialNumber, note: 'paid by bank transfer' };
    const paid = await post<Order>('sys/finance/order/paid', note, admin);
    expect(paid.body.data).toMatchObject({ state: 'paid', payMethod: 1 });
    const before = await balanceOf(aliceId);
    const refunded = await post<Order>('sys/finance/order/refund', { ...note, note: 'goodwill' }, admin);
    expect(refunded.body.data!.state).toBe('refunded');
    expect(await balanceOf(aliceId)).toBe(before + 1_000);
    const plan = (await myPlans()).find((p) => p.id === refunded.body.data!.planId);
    expect(plan!.status).toBe('invalid');
    const twice = await post('sys/finance/order/refund', note, admin);
    expect(twice.body.msg).toBe('The order has been refunded');

    const other = await buy();
    const noNote = await post(
      'sys/finance/order/void',
      { serialNumber: other.serialNumber, note: '' },
      admin,
    );
    expect(noNote.body.code).toBe(400);
    const voided = await post<Order>(
      'sys/finance/order/void',
      { serialNumber: other.serialNumber, note: 'x' },
      admin,
    );
    expect(voided.body.data!.state).toBe('voided');
    expect((await pay(other.serialNumber)).body.msg).toBe('The order has been voided');
    const unpaidRefund = await post(
      'sys/finance/order/refund',
      { serialNumber: (await buy()).serialNumber, note: 'x' },
      admin,
    );
    expect(unpaidRefund.body.msg).toBe('The order is not paid, so it cannot be refunded');
    expect((await post('sys/finance/order/paid', note, alice)).body.code).toBe(403);
  });
});
