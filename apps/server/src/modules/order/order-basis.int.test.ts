import { addCycles, type PaymentHandoff } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeEasypay } from '../../integrations/payment/easypay/testing/fake-easypay';
import { gatewayKit } from '../payment/testing/payment-kit';
import { customerPlans, planVas } from '../plan/plan.schema';

/**
 * Issue 17 §1: an order is paid only on the terms it was priced on (ADR 0029), and a value-added
 * service counts only for the cycles bought.
 */
const MERCHANT = { pid: '1001', key: 'basis-merchant-key' };
const kit = gatewayKit('alice-basis', () => startFakeEasypay(MERCHANT));

const CHANGED =
  'The plan or product changed after this order was priced (its end date, product or price), so it can no longer be paid: place a new order';

interface Order {
  serialNumber: string;
  state: string;
  amount: number;
  voidReason: string | null;
}
interface Plan {
  id: number;
  name: string;
  endAt: string;
  attrs: Record<string, number | boolean>;
}

let admin: string;
const post = async <T>(path: string, body: unknown, token = kit.alice.token) => {
  const answer = await kit.call<T>('POST', path, { token, body });
  return answer.body;
};
const placed = async (path: string, body: unknown) => {
  const answer = await post<Order>(path, body);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
};
const payFromBalance = (serialNumber: string) => post<Order>('app/finance/order/pay', { serialNumber });

async function product(body: Record<string, unknown>): Promise<number> {
  admin ??= await kit.server.login('admin');
  const saved = await post<{ id: number }>(
    'sys/product/save',
    { billingMode: 1, onSale: true, description: '', ...body },
    admin,
  );
  expect(saved.code, saved.msg).toBe(1);
  return saved.data!.id;
}

async function credit(amount: number) {
  admin ??= await kit.server.login('admin');
  const answer = await post(
    'sys/finance/recharge',
    {
      userId: kit.alice.id,
      direction: 'credit',
      amount,
      note: 'test money',
    },
    admin,
  );
  expect(answer.code, answer.msg).toBe(1);
}

const planById = async (id: number) =>
  (await post<{ list: Plan[] }>('app/plan/own/list', { limit: 100 })).data!.list.find((p) => p.id === id)!;

/** A paid monthly plan of `productId` with one day left (time moved on in the database). */
async function planWithOneDayLeft(productId: number): Promise<number> {
  const order = await placed('app/plan/purchase', { productId, cycle: 'm', quantity: 1 });
  expect((await payFromBalance(order.serialNumber)).code).toBe(1);
  const [row] = await kit.server.database.db
    .update(customerPlans)
    .set({ endsAt: new Date(Date.now() + 86_400_000) })
    .where(eq(customerPlans.orderSerial, order.serialNumber))
    .returning();
  return row!.id;
}

let cheap: number;
let dear: number;
const products = async () => {
  cheap ??= await product({
    kind: 'cdn_plan',
    name: 'Cheap',
    attrs: { domains: 1 },
    prices: [
      { unit: 'm', cents: 1_000 },
      { unit: 'y', cents: 10_000 },
    ],
  });
  dear ??= await product({
    kind: 'cdn_plan',
    name: 'Dear',
    attrs: { domains: 100 },
    prices: [
      { unit: 'm', cents: 100_000 },
      { unit: 'y', cents: 1_000_000 },
    ],
  });
};

describe('an order is paid on the terms it was priced on', () => {
  it('refuses the one-day upgrade once the cheap plan was renewed for ten years, then prices it anew', async () => {
    await products();
    await credit(500_000);
    const planId = await planWithOneDayLeft(cheap);
    const upgrade = await placed('app/plan/upgrade', { planId, productId: dear });
    // One day of the difference: about 1 % of a month of the dear plan.
    expect(upgrade.amount).toBeLessThan(4_000);
    const renewal = await placed('app/plan/renew', { planId, cycle: 'y', quantity: 10 });
    expect((await payFromBalance(renewal.serialNumber)).code).toBe(1);

    const balance = await kit.balance(kit.alice.id);
    expect(await payFromBalance(upgrade.serialNumber)).toMatchObject({ code: 409, msg: CHANGED });
    expect(await kit.balance(kit.alice.id)).toBe(balance);
    expect(await planById(planId)).toMatchObject({ name: 'Cheap', attrs: { domains: 1 } });
    expect((await kit.order(upgrade.serialNumber)).state).toBe('unpaid');

    // A new quote counts the ten years.
    const quote = await post<{ amount: number }>('app/plan/upgrade/quote', { planId, productId: dear });
    expect(quote.data!.amount).toBeGreaterThan(99_000 * 12 * 10);
  });

  it('refuses a changed basis however it is paid: balance, back office, gateway hand-off', async () => {
    await products();
    await kit.configure('easypay', { endpoint: kit.fake.base, ...MERCHANT });
    await credit(100_000);
    const planId = await planWithOneDayLeft(cheap);
    // The other way round: the renewal priced at the cheap plan, then the plan upgraded.
    const renewals = [
      await placed('app/plan/renew', { planId, cycle: 'y', quantity: 10 }),
      await placed('app/plan/renew', { planId, cycle: 'y', quantity: 10 }),
      await placed('app/plan/renew', { planId, cycle: 'y', quantity: 10 }),
    ];
    const upgrade = await placed('app/plan/upgrade', { planId, productId: dear });
    expect((await payFromBalance(upgrade.serialNumber)).code).toBe(1);

    const [byBalance, byAdmin, byGateway] = renewals.map((order) => order.serialNumber);
    const answers = [
      await payFromBalance(byBalance!),
      await post('sys/finance/order/paid', { serialNumber: byAdmin, note: 'bank transfer' }, admin),
      await post('app/finance/order/gateway', { serialNumber: byGateway, gateway: 'easypay' }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ code: 409, msg: CHANGED });
    const plan = await planById(planId);
    expect(new Date(plan.endAt).getTime()).toBeLessThan(Date.now() + 2 * 86_400_000);
  });

  it('keeps gateway money that arrives after the basis changed on the balance, voiding the order', async () => {
    await products();
    await kit.configure('easypay', { endpoint: kit.fake.base, ...MERCHANT });
    await credit(100_000);
    const planId = await planWithOneDayLeft(cheap);
    const upgrade = await placed('app/plan/upgrade', { planId, productId: dear });
    const handoff = await post<PaymentHandoff>('app/finance/order/gateway', {
      serialNumber: upgrade.serialNumber,
      gateway: 'easypay',
    });
    expect(handoff.code, handoff.msg).toBe(1);
    const action = handoff.data!.action;
    if (action.kind === 'redirect') await kit.fake.visit(action.url);
    const renewal = await placed('app/plan/renew', { planId, cycle: 'y', quantity: 10 });
    expect((await payFromBalance(renewal.serialNumber)).code).toBe(1);

    const before = await kit.balance(kit.alice.id);
    expect(await kit.fake.complete(upgrade.serialNumber, { tradeNo: 'EP-BASIS' })).toBe('success');
    expect(await kit.order(upgrade.serialNumber)).toMatchObject({
      state: 'voided',
      voidReason: 'basis_changed',
    });
    expect(await kit.balance(kit.alice.id)).toBe(before + upgrade.amount);
    expect(await kit.ledger(upgrade.serialNumber)).toMatchObject([
      { amount: upgrade.amount, reason: 'recharge' },
    ]);
    await kit.booksBalance(kit.alice.id);
    expect(await planById(planId)).toMatchObject({ name: 'Cheap' });
    const detail = await kit.call<Order>('GET', 'app/finance/order/detail', {
      token: kit.alice.token,
      query: { serialNumber: upgrade.serialNumber },
    });
    expect(detail.body.data).toMatchObject({ state: 'voided', voidReason: 'basis_changed' });
  });
});

describe('value-added services', () => {
  it('count for the cycles bought, not for the rest of the plan', async () => {
    await products();
    await credit(100_000);
    const yearly = await placed('app/plan/purchase', { productId: cheap, cycle: 'y', quantity: 1 });
    expect((await payFromBalance(yearly.serialNumber)).code).toBe(1);
    const [plan] = await kit.server.database.db
      .select()
      .from(customerPlans)
      .where(eq(customerPlans.orderSerial, yearly.serialNumber));
    const domainsQuota = async () =>
      (
        await kit.call<{ items: { attr: string; quota: number }[] }>('GET', 'app/plan/usage', {
          token: kit.alice.token,
        })
      ).body.data!.items.find((item) => item.attr === 'domains')!.quota;
    const extra = await product({
      kind: 'vas',
      name: 'Ten more domains',
      attrs: { domains: 10 },
      prices: [{ unit: 'm', cents: 500 }],
    });
    // The earlier tests' plans count too.
    const others = (await domainsQuota()) - 1;
    const service = await placed('app/plan/vas/purchase', {
      planId: plan!.id,
      productId: extra,
      cycle: 'm',
      quantity: 1,
    });
    expect((await payFromBalance(service.serialNumber)).code).toBe(1);

    const listed = async () =>
      (await post<{ list: { endAt: string; inForce: boolean }[] }>('app/plan/vas/list', {})).data!.list[0]!;
    const { paidAt } = await kit.order(service.serialNumber);
    expect((await listed()).endAt).toBe(addCycles(paidAt!, 'm', 1).toISOString());
    expect(await domainsQuota()).toBe(others + 1 + 10);

    // A month and a day later (time moved on in the database): the plan runs on, the service not.
    const later = sql`- interval '32 days'`;
    const db = kit.server.database.db;
    await db.execute(sql`update ${planVas} set ends_at = ends_at ${later}, created_at = created_at ${later}
      where ${planVas.orderSerial} = ${service.serialNumber}`);
    await db.execute(sql`update ${customerPlans} set ends_at = ends_at ${later}, starts_at = starts_at ${later}
      where ${customerPlans.id} = ${plan!.id}`);
    expect(await domainsQuota()).toBe(others + 1);
    expect(await listed()).toMatchObject({ inForce: false });
    expect((await planById(plan!.id)).attrs).toMatchObject({ domains: 1 });
  });
});
