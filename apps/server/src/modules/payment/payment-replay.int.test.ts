import type { CreditedPayment, Page } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeEasypay } from '../../integrations/payment/easypay/testing/fake-easypay';
import { orders } from '../order/order.schema';
import { gatewayKit } from './testing/payment-kit';

const MERCHANT = { pid: '1001', key: 'easypay-merchant-key' };

const kit = gatewayKit('mallory-replay', () => startFakeEasypay(MERCHANT));

/**
 * Replays of a gateway's notifications by a hostile customer (issue 17 §1): each (gateway, trade)
 * acts once, whatever became of its order since; a genuine further payment for an order that
 * cannot take it reaches the balance once and is listed for the admins.
 */
describe('replayed payment notifications', () => {
  it('credits each trade at most once, and lists the genuine further payments for the admins', async () => {
    await kit.configure('easypay', { endpoint: kit.fake.base, ...MERCHANT });
    const handed = async (amount: number) => {
      const handoff = await kit.recharge(kit.alice.token, 'easypay', amount);
      if (handoff.action.kind === 'redirect') await kit.fake.visit(handoff.action.url);
      return handoff.outTradeNo;
    };
    const notify = (serial: string, tradeNo: string) => kit.fake.complete(serial, { tradeNo });
    const admin = await kit.server.login('admin');

    // The same trade twice.
    const once = await handed(10);
    expect([await notify(once, 'T-ONCE'), await notify(once, 'T-ONCE')]).toEqual(['success', 'success']);
    expect(await kit.balance(kit.alice.id)).toBe(1_000);

    // Another trade on a paid order: a genuine second payment, credited once however often sent.
    expect(await notify(once, 'T-SECOND')).toBe('success');
    expect(await notify(once, 'T-SECOND')).toBe('success');
    expect(await kit.balance(kit.alice.id)).toBe(2_000);

    // A voided order: its late payment is credited once; its replays and the first trade's are not.
    const voided = await handed(20);
    const voiding = await kit.call('POST', 'sys/finance/order/void', {
      token: admin,
      body: { serialNumber: voided, note: 'customer asked' },
    });
    expect(voiding.body.code, voiding.body.msg).toBe(1);
    for (let i = 0; i < 3; i++) expect(await notify(voided, 'T-VOIDED')).toBe('success');
    expect(await kit.balance(kit.alice.id)).toBe(4_000);

    // A refunded order: its own trade replayed credits nothing.
    const refunded = await handed(30);
    expect(await notify(refunded, 'T-REFUNDED')).toBe('success');
    expect(await kit.balance(kit.alice.id)).toBe(7_000);
    await kit.server.database.db
      .update(orders)
      .set({ state: 'refunded', endedAt: new Date() })
      .where(eq(orders.serialNumber, refunded));
    for (let i = 0; i < 3; i++) expect(await notify(refunded, 'T-REFUNDED')).toBe('success');
    expect(await kit.balance(kit.alice.id)).toBe(7_000);
    await kit.booksBalance(kit.alice.id);

    // The admins see the two further payments, newest first, a page at a time.
    const list = async (page: number) =>
      (
        await kit.call<Page<CreditedPayment>>('POST', 'sys/finance/payment/credited/list', {
          token: admin,
          body: { page, limit: 1 },
        })
      ).body.data!;
    const [first, second] = [await list(1), await list(2)];
    expect(first).toMatchObject({ totalCount: 2, pageSize: 1, currPage: 1 });
    expect([...first.list, ...second.list]).toMatchObject([
      { gateway: 'easypay', tradeNo: 'T-VOIDED', orderSerial: voided, amount: 2_000, orderState: 'voided' },
      { gateway: 'easypay', tradeNo: 'T-SECOND', orderSerial: once, amount: 1_000, orderState: 'paid' },
    ]);
    expect(first.list[0]).toMatchObject({ userId: kit.alice.id, username: 'mallory-replay' });
    const asCustomer = await kit.call('POST', 'sys/finance/payment/credited/list', {
      token: kit.alice.token,
      body: {},
    });
    expect(asCustomer.body.code).toBe(403);
  });
});
