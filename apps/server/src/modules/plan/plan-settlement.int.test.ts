import { and, eq } from 'drizzle-orm';
import {
  settlementCents,
  type EdgeNodeSaved,
  type LedgerEntry,
  type Order,
  type Page,
  type PlanUsage,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPriceFields, setWebConfigFields, startTestServer, type TestServer } from '../../../test/harness';
import { accessLine, shipLogs } from '../../../test/support/log-batch';
import { customers } from '../account/account.schema';
import { pgAnalyticsStore } from '../analytics/pg/analytics-pg';
import { messages } from '../message/message.schema';
import { orders } from '../order/order.schema';
import { orderRepository } from '../order/order.repository';
import { paymentKit } from '../payment/testing/payment-kit';
import { planSettlement } from './plan-settlement';
import { customerPlans } from './plan.schema';
import { monthToSettle, nextMonthStart } from './settlement-figures';

/*
 * Monthly settlement of plans billed by bandwidth (issue 19 §4, ADR 0044): a synthetic month of
 * samples shipped through the edge API, settled once; a balance that cannot cover it leaves an
 * unpaid order (type 14) and a letter; paying it settles it; a plan with no traffic that month is
 * not charged.
 */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let nodeToken: string;
const FIVE_MIN = 300_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
// The month a run now settles, and its length.
const month = monthToSettle(new Date());
const monthEnd = nextMonthStart(month);
const days = Math.round((monthEnd.getTime() - month.getTime()) / DAY);

const settle = () =>
  planSettlement({
    db: server.database.db,
    pool: server.database.pool,
    config: server.config,
    changes: server.database.changes,
  }).run();

const balanceOf = async (id: number) =>
  (await server.database.db.select().from(customers).where(eq(customers.id, id)))[0]!.propertyBalance;
const settlementOrders = (id: number) =>
  server.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, id), eq(orders.type, 14)));
const letters = async (id: number) =>
  (await server.database.db.select().from(messages).where(eq(messages.customerId, id))).map((m) => m.title);

/** A customer with `credit` on their balance, a CDN plan of a bandwidth-billed product in force since before `month`, and a site on it. */
async function customerWithPlan(name: string, product: Record<string, unknown>, credit: number) {
  const customer = await kit.customer(name);
  await kit.call('POST', 'sys/finance/recharge', {
    token: admin,
    body: { userId: customer.id, direction: 'credit', amount: 300 + credit, note: 'test money' },
  });
  const productId = await kit.product(admin, {
    kind: 'cdn_plan',
    name: `${name} plan`,
    attrs: { domains: 1 },
    prices: [{ unit: 'm', cents: 100 }],
    ...product,
  });
  await kit.buyAndPay(customer.token, 'app/plan/purchase', { productId, cycle: 'm', quantity: 3 });
  const [plan] = await server.database.db
    .update(customerPlans)
    .set({ startsAt: new Date(month.getTime() - DAY) })
    .where(eq(customerPlans.customerId, customer.id))
    .returning();
  const site = await kit.call<{ id: number }>('POST', 'app/site/domain/create', {
    token: customer.token,
    body: { domain: `${name}.settle.test`, origins: [{ address: 'origin.example.com', httpPort: 8080 }] },
  });
  expect(site.body.code, site.body.msg).toBe(1);
  return { ...customer, planId: plan!.id, siteId: site.body.data!.id };
}

/** One request per sample, each `bytes` out, at these instants. */
async function serve(siteId: number, samples: { at: number; bytes: number }[]) {
  const lines = samples.map((s) => accessLine(siteId, s.at, { out: String(s.bytes) }));
  const answer = await shipLogs(server.baseUrl, nodeToken, lines);
  expect(answer.status).toBe(200);
  await pgAnalyticsStore(server.database.pool).rollUp();
}

let dora: Awaited<ReturnType<typeof customerWithPlan>>;
let eve: Awaited<ReturnType<typeof customerWithPlan>>;
let fay: Awaited<ReturnType<typeof customerWithPlan>>;
let gus: Awaited<ReturnType<typeof customerWithPlan>>;

beforeAll(async () => {
  // The settled month's logs are older than the default 7 days of raw rows.
  server = await startTestServer({ plansRequired: true });
  // A synthetic month of samples reaches back further than the default week of raw rows.
  await setWebConfigFields(server.database.db, 'basic', { logKeepDays: 70 });
  admin = await server.login('admin');
  const group = await kit.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Default', isDefault: true },
  });
  nodeToken = (
    await kit.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'settle-1', ipv4: '198.51.100.66', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  // 95th percentile at ¥12.34 per Mbps, with money for it.
  dora = await customerWithPlan('dora-settle', { billingMode: 3, usagePriceCents: 1234 }, 100_000);
  // Average daily peak at ¥30.00 per Mbps, with nothing left after buying the plan.
  eve = await customerWithPlan('eve-settle', { billingMode: 2, usagePriceCents: 3000 }, 0);
  // Billed by bandwidth too, but served nothing that month.
  fay = await customerWithPlan('fay-settle', { billingMode: 2, usagePriceCents: 1000 }, 5000);

  // Dora: 500 slots at 9,876,543 bytes (0.26337448 Mbps), 600 quieter ones: every month's top
  // 5 % (403 to 446 slots) ends inside the busy 500.
  await serve(dora.siteId, [
    ...Array.from({ length: 500 }, (_, i) => ({
      at: month.getTime() + i * FIVE_MIN + 1000,
      bytes: 9_876_543,
    })),
    ...Array.from({ length: 600 }, (_, i) => ({
      at: month.getTime() + (500 + i) * FIVE_MIN + 1000,
      bytes: 1_000_000,
    })),
  ]);
  // Eve: day 1's peak 1 Mbps (37,500,000 bytes in 5 minutes), day 2's 2 Mbps, a smaller sample beside each.
  await serve(eve.siteId, [
    { at: month.getTime() + HOUR, bytes: 37_500_000 },
    { at: month.getTime() + 2 * HOUR, bytes: 1_000_000 },
    { at: month.getTime() + DAY + HOUR, bytes: 75_000_000 },
    { at: month.getTime() + DAY + 2 * HOUR, bytes: 2_000_000 },
  ]);
  // Gus: billed by traffic, 1 GB a month, the overage billed at ¥1.00 per GB; 1.5 GB served.
  gus = await customerWithPlan(
    'gus-settle',
    { billingMode: 1, usagePriceCents: 100, attrs: { domains: 1, traffic: 1 } },
    5000,
  );
  await setPriceFields(server.database.db, { trafficOverage: 1 });
  await serve(gus.siteId, [{ at: month.getTime() + 3 * HOUR, bytes: 1_500_000_000 }]);
  // Fay: only after the month (this month), which a settlement of that month does not see.
  await serve(fay.siteId, [{ at: Date.now() - 1000, bytes: 50_000_000 }]);
}, 120_000);
afterAll(() => server.close());

describe('monthly settlement', () => {
  it('charges a 95th-percentile plan once, the figure and its price on the ledger row', async () => {
    expect(await settle()).toBe(3); // Dora and Gus charged, Eve's order placed
    expect(await settle()).toBe(0);
    // 0.26337448 Mbps × 1234 cents = 325.004 cents, rounded once.
    expect(await balanceOf(dora.id)).toBe(100_000 - 325);
    const [order] = await settlementOrders(dora.id);
    expect(order).toMatchObject({ state: 'paid', amount: 325, planId: dora.planId, payMethod: 0 });
    const ledger = await kit.call<Page<LedgerEntry>>('POST', 'app/finance/ledger/list', {
      token: dora.token,
      body: { reason: 'settlement' },
    });
    expect(ledger.body.data!.list).toHaveLength(1);
    const [row] = ledger.body.data!.list;
    expect(row).toMatchObject({ amount: -325, orderSerial: order!.serialNumber });
    expect(row!.settlement).toMatchObject({
      planId: dora.planId,
      month: month.toISOString(),
      kind: 'p95',
      unitPriceCents: 1234,
      amount: 325,
    });
    expect(row!.settlement!.figure).toBeCloseTo((9_876_543 * 8) / 300 / 1e6, 9);
    expect(await letters(dora.id)).toContain('月度结算已扣款：dora-settle plan');
  });

  it('leaves an unpaid order and a letter when the balance cannot cover it', async () => {
    const [order] = await settlementOrders(eve.id);
    // Peaks of 1 and 2 Mbps over the month's days, at 3000 cents per Mbps.
    expect(order).toMatchObject({ state: 'unpaid', amount: Math.round((3 / days) * 3000) });
    expect(await balanceOf(eve.id)).toBe(0);
    expect(await letters(eve.id)).toContain('月度结算待支付：eve-settle plan');
  });

  it('keeps that order past its timeout and refuses to close it', async () => {
    const [order] = await settlementOrders(eve.id);
    await server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order!.id));
    expect(await orderRepository(server.database.db).timeOutDue(new Date())).toBe(0);
    const close = await kit.call<Order>('POST', 'app/finance/order/close', {
      token: eve.token,
      body: { serialNumber: order!.serialNumber },
    });
    expect(close.body.code).toBe(409);
  });

  it('is settled by paying it', async () => {
    const [order] = await settlementOrders(eve.id);
    await kit.call('POST', 'sys/finance/recharge', {
      token: admin,
      body: { userId: eve.id, direction: 'credit', amount: order!.amount, note: 'top up' },
    });
    const paid = await kit.call<Order>('POST', 'app/finance/order/pay', {
      token: eve.token,
      body: { serialNumber: order!.serialNumber },
    });
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(paid.body.data!.state).toBe('paid');
    expect(await balanceOf(eve.id)).toBe(0);
    const ledger = await kit.call<Page<LedgerEntry>>('POST', 'app/finance/ledger/list', {
      token: eve.token,
      body: { reason: 'order_payment' },
    });
    expect(ledger.body.data!.list[0]!.settlement).toMatchObject({ kind: 'peak', planId: eve.planId });
    expect(await settle()).toBe(0);
  });

  it('charges the traffic past the quota of a plan billed by traffic when the overage is billed', async () => {
    const [order] = await settlementOrders(gus.id);
    // 0.5 GB past the 1 GB quota at 100 cents per GB.
    expect(order).toMatchObject({ state: 'paid', amount: 50, planId: gus.planId });
    expect(await balanceOf(gus.id)).toBe(5000 - 50);
  });

  it('charges nothing for a plan that served nothing that month', async () => {
    expect(await settlementOrders(fay.id)).toEqual([]);
    expect(await balanceOf(fay.id)).toBe(5000);
    expect(await letters(fay.id)).toEqual([]);
  });

  it('shows this month’s running estimate on plan usage, the customer’s own plans only', async () => {
    const usage = await kit.call<PlanUsage>('GET', 'app/plan/usage', { token: fay.token });
    const [estimate] = usage.body.data!.estimates;
    expect(usage.body.data!.estimates).toHaveLength(1);
    // 50,000,000 bytes in 5 minutes is 1.3333 Mbps, averaged over this month's days so far.
    expect(estimate).toMatchObject({ planName: 'fay-settle plan', kind: 'peak', unitPriceCents: 1000 });
    expect(estimate!.figure).toBeGreaterThan(0);
    expect(estimate!.figure).toBeLessThanOrEqual(4 / 3);
    expect(estimate!.amount).toBe(settlementCents(estimate!.figure, 1000));
  });
});
