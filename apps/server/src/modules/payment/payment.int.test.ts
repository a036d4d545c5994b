import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeEasypay } from '../../integrations/payment/easypay/testing/fake-easypay';
import { orders } from '../order/order.schema';
import { eq } from 'drizzle-orm';
import { paymentKit } from './testing/payment-kit';

const MERCHANT = { pid: '1001', key: 'easypay-merchant-key' };

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeEasypay>>;
const kit = paymentKit(() => server);
let alice: { id: number; token: string };

beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeEasypay(MERCHANT)]);
  alice = await kit.customer('alice-pay');
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('recharge through a gateway (easy-pay)', () => {
  it('says the channel is not enabled until an admin configures and switches it on', async () => {
    const refused = await kit.call('POST', 'app/finance/recharge', {
      token: alice.token,
      body: { amount: 50, gateway: 'easypay' },
    });
    expect(refused.body.msg).toBe(
      'Payment channel not enabled: contact the administrator to enable the recharge channel',
    );
    await kit.configure('easypay', { endpoint: fake.base, pid: MERCHANT.pid, key: MERCHANT.key }, 0);
    expect((await kit.call('GET', 'app/finance/payment/channels', { token: alice.token })).body.data).toEqual(
      [],
    );
    await kit.configure('easypay', { endpoint: fake.base, pid: MERCHANT.pid, key: '' }, 1);
    const channels = await kit.call('GET', 'app/finance/payment/channels', { token: alice.token });
    expect(channels.body.data).toEqual([{ gateway: 'easypay', method: 9 }]);
    const admin = await server.login('admin');
    const shown = await kit.call<{ key: string; keySet: boolean }>('GET', 'sys/config/kinfo', {
      token: admin,
      query: { key: 'CCCYUN_PAY_CONF' },
    });
    expect(shown.body.data).toMatchObject({ key: '', keySet: true });
  });

  it('refuses an amount below the minimum or not whole, naming the rule', async () => {
    const low = await kit.call('POST', 'app/finance/recharge', {
      token: alice.token,
      body: { amount: 4, gateway: 'easypay' },
    });
    expect(low.body.msg).toBe('The recharge amount must be at least ¥5.00');
    const fraction = await kit.call('POST', 'app/finance/recharge', {
      token: alice.token,
      body: { amount: 5.5, gateway: 'easypay' },
    });
    expect(fraction.body.msg).toBe('The recharge amount must be a whole number');
  });

  it('hands the order to the provider signed, and credits the balance once when it notifies', async () => {
    const handoff = await kit.recharge(alice.token, 'easypay', 50);
    expect(handoff).toMatchObject({ gateway: 'easypay', totalAmount: 5_000, action: { kind: 'redirect' } });
    expect(handoff.action.kind === 'redirect' && (await fake.visit(handoff.action.url))).toBe(200);
    const returnUrl = fake.submitted.get(handoff.outTradeNo)!.return_url!;
    expect(new URL(returnUrl).pathname).toBe(
      `/payment/handoff/${handoff.outTradeNo}/5000/${encodeURIComponent(handoff.body)}`,
    );

    expect(await fake.complete(handoff.outTradeNo, { tradeNo: 'EP-1' })).toBe('success');
    const order = await kit.order(handoff.outTradeNo);
    expect(order).toMatchObject({ state: 'paid', payMethod: 9, tradeNo: 'EP-1', type: 2 });
    expect(await kit.balance(alice.id)).toBe(5_000);
    expect(await kit.ledger(handoff.outTradeNo)).toMatchObject([{ amount: 5_000, reason: 'recharge' }]);

    // The provider retries until it reads "success": a replay is acknowledged, not credited.
    expect(await fake.complete(handoff.outTradeNo, { tradeNo: 'EP-1' })).toBe('success');
    expect(await kit.balance(alice.id)).toBe(5_000);
    await kit.booksBalance(alice.id);
  });

  it('credits nothing for a forged, amount-changed or foreign-merchant notification', async () => {
    const handoff = await kit.recharge(alice.token, 'easypay', 20);
    if (handoff.action.kind === 'redirect') await fake.visit(handoff.action.url);
    const forged = await fake.complete(handoff.outTradeNo, { change: { money: '2000.00' }, resign: false });
    const cheaper = await fake.complete(handoff.outTradeNo, { change: { money: '0.01' } });
    const foreign = await fake.complete(handoff.outTradeNo, { change: { pid: '9999' } });
    expect([forged, cheaper, foreign]).toEqual(['fail', 'fail', 'fail']);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });

  it('pays once when 200 notifications of one payment arrive together', async () => {
    const handoff = await kit.recharge(alice.token, 'easypay', 10);
    if (handoff.action.kind === 'redirect') await fake.visit(handoff.action.url);
    const before = await kit.balance(alice.id);
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => fake.complete(handoff.outTradeNo, { tradeNo: 'EP-RACE' })),
    );
    expect(new Set(replies)).toEqual(new Set(['success']));
    expect(await kit.balance(alice.id)).toBe(before + 1_000);
    expect(await kit.ledger(handoff.outTradeNo)).toHaveLength(1);
  });

  it('keeps money that arrives late: a timed-out order is paid, a voided one goes to the balance', async () => {
    const late = await kit.recharge(alice.token, 'easypay', 5);
    if (late.action.kind === 'redirect') await fake.visit(late.action.url);
    await server.database.db
      .update(orders)
      .set({ state: 'timeout', endedAt: new Date() })
      .where(eq(orders.serialNumber, late.outTradeNo));
    expect(await fake.complete(late.outTradeNo)).toBe('success');
    expect((await kit.order(late.outTradeNo)).state).toBe('paid');

    const voided = await kit.recharge(alice.token, 'easypay', 6);
    if (voided.action.kind === 'redirect') await fake.visit(voided.action.url);
    const admin = await server.login('admin');
    await kit.call('POST', 'sys/finance/order/void', {
      token: admin,
      body: { serialNumber: voided.outTradeNo, note: 'customer asked' },
    });
    const before = await kit.balance(alice.id);
    expect(await fake.complete(voided.outTradeNo)).toBe('success');
    expect((await kit.order(voided.outTradeNo)).state).toBe('voided');
    expect(await kit.balance(alice.id)).toBe(before + 600);
    await kit.booksBalance(alice.id);
  });

  it("hands another customer's order to no one", async () => {
    const bob = await kit.customer('bob-pay');
    const handoff = await kit.recharge(alice.token, 'easypay', 5);
    const answer = await kit.call('POST', 'app/finance/order/gateway', {
      token: bob.token,
      body: { serialNumber: handoff.outTradeNo, gateway: 'easypay' },
    });
    expect(answer.body).toMatchObject({ code: 404, msg: 'Order not found' });
  });
});
