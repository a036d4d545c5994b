import { describe, expect, it } from 'vitest';
import { startFakeEasypay } from '../../integrations/payment/easypay/testing/fake-easypay';
import { orders } from '../order/order.schema';
import { eq } from 'drizzle-orm';
import { gatewayKit } from './testing/payment-kit';

const MERCHANT = { pid: '1001', key: 'easypay-merchant-key' };

const kit = gatewayKit('alice-pay', () => startFakeEasypay(MERCHANT));

describe('recharge through a gateway (easy-pay)', () => {
  it('says the channel is not enabled until an admin configures and switches it on', async () => {
    const shown = await kit.offeredOnceSwitchedOn(
      'easypay',
      9,
      { endpoint: kit.fake.base, pid: MERCHANT.pid, key: MERCHANT.key },
      { key: '' },
    );
    expect(shown).toMatchObject({ key: '', keySet: true });
  });

  it('refuses an amount below the minimum or not whole, naming the rule', async () => {
    expect(await kit.rechargeMessage('easypay', 4)).toBe('The recharge amount must be at least ¥5.00');
    expect(await kit.rechargeMessage('easypay', 5.5)).toBe('The recharge amount must be a whole number');
  });

  it('hands the order to the provider signed, and credits the balance once when it notifies', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'easypay', 50);
    expect(handoff).toMatchObject({ gateway: 'easypay', totalAmount: 5_000, action: { kind: 'redirect' } });
    expect(handoff.action.kind === 'redirect' && (await kit.fake.visit(handoff.action.url))).toBe(200);
    const returnUrl = kit.fake.submitted.get(handoff.outTradeNo)!.return_url!;
    expect(new URL(returnUrl).pathname).toBe(
      `/payment/handoff/${handoff.outTradeNo}/5000/${encodeURIComponent(handoff.body)}`,
    );

    expect(await kit.fake.complete(handoff.outTradeNo, { tradeNo: 'EP-1' })).toBe('success');
    const order = await kit.order(handoff.outTradeNo);
    expect(order).toMatchObject({ state: 'paid', payMethod: 9, tradeNo: 'EP-1', type: 2 });
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // The provider retries until it reads "success": a replay is acknowledged, not credited.
    expect(await kit.fake.complete(handoff.outTradeNo, { tradeNo: 'EP-1' })).toBe('success');
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('sends the browser back into the DNS console when the DNS console handed the order over', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'easypay', 30, 'dns');
    if (handoff.action.kind === 'redirect') await kit.fake.visit(handoff.action.url);
    const returnUrl = kit.fake.submitted.get(handoff.outTradeNo)!.return_url!;
    expect(new URL(returnUrl).pathname).toBe(
      `/dns/payment/handoff/${handoff.outTradeNo}/3000/${encodeURIComponent(handoff.body)}`,
    );
  });

  it('credits nothing for a forged, amount-changed or foreign-merchant notification', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'easypay', 20);
    if (handoff.action.kind === 'redirect') await kit.fake.visit(handoff.action.url);
    const forged = await kit.fake.complete(handoff.outTradeNo, {
      change: { money: '2000.00' },
      resign: false,
    });
    const cheaper = await kit.fake.complete(handoff.outTradeNo, { change: { money: '0.01' } });
    const foreign = await kit.fake.complete(handoff.outTradeNo, { change: { pid: '9999' } });
    expect([forged, cheaper, foreign]).toEqual(['fail', 'fail', 'fail']);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });

  it('pays once when 200 notifications of one payment arrive together', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'easypay', 10);
    if (handoff.action.kind === 'redirect') await kit.fake.visit(handoff.action.url);
    const before = await kit.balance(kit.alice.id);
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => kit.fake.complete(handoff.outTradeNo, { tradeNo: 'EP-RACE' })),
    );
    expect(new Set(replies)).toEqual(new Set(['success']));
    expect(await kit.balance(kit.alice.id)).toBe(before + 1_000);
    expect(await kit.ledger(handoff.outTradeNo)).toHaveLength(1);
  });

  it('keeps money that arrives late: a timed-out order is paid, a voided one goes to the balance', async () => {
    const late = await kit.recharge(kit.alice.token, 'easypay', 5);
    if (late.action.kind === 'redirect') await kit.fake.visit(late.action.url);
    await kit.server.database.db
      .update(orders)
      .set({ state: 'timeout', endedAt: new Date() })
      .where(eq(orders.serialNumber, late.outTradeNo));
    expect(await kit.fake.complete(late.outTradeNo)).toBe('success');
    expect((await kit.order(late.outTradeNo)).state).toBe('paid');

    const voided = await kit.recharge(kit.alice.token, 'easypay', 6);
    if (voided.action.kind === 'redirect') await kit.fake.visit(voided.action.url);
    const admin = await kit.server.login('admin');
    await kit.call('POST', 'sys/finance/order/void', {
      token: admin,
      body: { serialNumber: voided.outTradeNo, note: 'customer asked' },
    });
    const before = await kit.balance(kit.alice.id);
    expect(await kit.fake.complete(voided.outTradeNo)).toBe('success');
    expect((await kit.order(voided.outTradeNo)).state).toBe('voided');
    expect(await kit.balance(kit.alice.id)).toBe(before + 600);
    await kit.booksBalance(kit.alice.id);
  });

  it("hands another customer's order to no one", async () => {
    const bob = await kit.customer('bob-pay');
    const handoff = await kit.recharge(kit.alice.token, 'easypay', 5);
    const answer = await kit.call('POST', 'app/finance/order/gateway', {
      token: bob.token,
      body: { serialNumber: handoff.outTradeNo, gateway: 'easypay' },
    });
    expect(answer.body).toMatchObject({ code: 404, msg: 'Order not found' });
  });
});
