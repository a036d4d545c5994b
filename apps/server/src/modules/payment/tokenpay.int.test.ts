import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeTokenpay } from '../../integrations/payment/tokenpay/testing/fake-tokenpay';
import { orders } from '../order/order.schema';
import { gatewayKit } from './testing/payment-kit';

const API_TOKEN = 'face-rolled-token-8f2c1d';
const OK = { status: 200, body: 'ok' };
const FAIL = { status: 200, body: 'fail' };
const UNKNOWN = '20990101000000999999';

const kit = gatewayKit('alice-tokenpay', () => startFakeTokenpay({ apiToken: API_TOKEN }));

const config = (changes: Record<string, string> = {}) => ({
  endpoint: kit.fake.endpoint,
  apiToken: API_TOKEN,
  currency: 'USDT_TRC20',
  baseCurrency: 'CNY',
  ...changes,
});
const messageOf = async (path: string, body: Record<string, unknown>) =>
  (await kit.call('POST', path, { token: kit.alice.token, body })).body.msg;
const payAgain = (serialNumber: string) =>
  messageOf('app/finance/order/gateway', { serialNumber, gateway: 'tokenpay' });

describe('recharge through TokenPay (crypto)', () => {
  it('is offered once configured and switched on, its ApiToken write-only', async () => {
    const shown = await kit.offeredOnceSwitchedOn('tokenpay', 8, config(), { apiToken: '' });
    expect(shown).toMatchObject({ apiToken: '', apiTokenSet: true, currency: 'USDT_TRC20' });
  });

  it('refuses a crypto, fiat or address entered wrong', async () => {
    const admin = await kit.server.login('admin');
    const save = async (changes: Record<string, string>) =>
      (await kit.saveConfig('tokenpay', config(changes), 1, admin)).body.msg;
    expect(await save({ currency: 'USDT TRC20' })).toMatch(/ is invalid$/);
    expect(await save({ baseCurrency: 'JPY' })).toMatch(/ is invalid$/);
    expect(await save({ endpoint: 'tokenpay.local' })).not.toBe('Operation successful');
  });

  it('creates the signed order, goes to its page, and credits the balance once', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 50);
    expect(handoff.action.kind).toBe('redirect');
    const order = kit.fake.order(handoff.outTradeNo);
    expect(order).toMatchObject({
      OutOrderId: handoff.outTradeNo,
      OrderUserKey: handoff.outTradeNo,
      ActualAmount: '50',
      Currency: 'USDT_TRC20',
    });
    expect(handoff.action.kind === 'redirect' && handoff.action.url).toBe(
      `${kit.fake.endpoint}/Pay?Id=${order.Id}`,
    );
    expect(new URL(order.NotifyUrl).pathname).toBe('/api/payment/notify/tokenpay');
    expect(new URL(order.RedirectUrl!).pathname).toMatch(`/payment/handoff/${handoff.outTradeNo}/5000/`);

    const notification = kit.fake.notification(handoff.outTradeNo);
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({
      state: 'paid',
      payMethod: 8,
      tradeNo: order.Id,
      type: 2,
    });
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // TokenPay retries until it reads "ok": the same notification again is not credited.
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('credits nothing for forged, tampered or changed notifications, answering fail', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 20);
    const no = handoff.outTradeNo;
    const genuine = kit.fake.notification(no);
    const replies = [
      await kit.fake.notify(no, { apiToken: 'another-token' }),
      await kit.fake.notify(no, { change: { ActualAmount: '2000' }, resign: false }),
      await kit.fake.notify(no, { change: { ActualAmount: '2' } }),
      await kit.fake.notify(no, { change: { ActualAmount: '20.001' } }),
      await kit.fake.notify(no, { change: { BaseCurrency: 'USD' } }),
      await kit.fake.notify(no, { change: { OutOrderId: UNKNOWN } }),
      // A member whose .NET text cannot be known for sure (a fraction) makes it unreadable.
      await kit.fake.notify(no, { change: { IsDynamicAmount: 0.5 } }),
      await kit.fake.send(no, { ...genuine, Signature: undefined }),
      await kit.fake.send(no, { ...genuine, Extra: true }),
      await kit.fake.send(
        no,
        new URLSearchParams(
          Object.entries(genuine).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString(),
      ),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    const asGet = await fetch(
      `${kit.fake.order(no).NotifyUrl}?${new URLSearchParams({ Id: String(genuine.Id) })}`,
    );
    expect(await asGet.text()).toBe('fail');
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('acknowledges a notification that is not a payment without paying', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 7);
    expect(await kit.fake.notify(handoff.outTradeNo, { change: { Status: 2 } })).toEqual(OK);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });

  it('pays from the TokenPay page, which goes back to the hand-off page', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 8);
    const page = handoff.action.kind === 'redirect' ? handoff.action.url : '';
    expect(await (await fetch(page)).text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${kit.fake.endpoint}/Pay/${kit.fake.order(handoff.outTradeNo).Id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(kit.fake.order(handoff.outTradeNo).RedirectUrl);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  it('sends amounts with cents exactly, and refuses an order TokenPay holds for another amount', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 12);
    await kit.server.database.db
      .update(orders)
      .set({ amount: 1_234 })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    // The same OutOrderId and crypto: TokenPay answers the order it has, for 12.
    expect(await payAgain(handoff.outTradeNo)).toBe(
      'TokenPay refused the order: the order at TokenPay is for 12',
    );
    await kit.configure('tokenpay', config({ currency: 'TRX' }));
    expect(await payAgain(handoff.outTradeNo)).toBe('Operation successful');
    expect(kit.fake.order(handoff.outTradeNo)).toMatchObject({ ActualAmount: '12.34', Currency: 'TRX' });
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({ state: 'paid', amount: 1_234 });
    await kit.configure('tokenpay', config());
  });

  it('takes only the fiat TokenPay prices in, and reports its refusals', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'tokenpay', 6);
    await kit.server.database.db
      .update(orders)
      .set({ currency: 'USD' })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    expect(await payAgain(handoff.outTradeNo)).toBe('TokenPay prices in CNY: it cannot take an order in USD');
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(FAIL);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');

    kit.fake.behaviour.baseCurrency = 'USD';
    try {
      expect(await kit.rechargeMessage('tokenpay', 9)).toBe(
        'TokenPay prices in USD: it cannot take an order in CNY',
      );
    } finally {
      kit.fake.behaviour.baseCurrency = 'CNY';
    }
    kit.fake.behaviour.refuse = '此订单金额过低！';
    try {
      expect(await kit.rechargeMessage('tokenpay', 9)).toBe('TokenPay refused the order: 此订单金额过低！');
    } finally {
      kit.fake.behaviour.refuse = undefined;
    }
    await kit.configure('tokenpay', config({ apiToken: 'wrong-token' }));
    expect(await kit.rechargeMessage('tokenpay', 9)).toBe('TokenPay refused the order: 签名验证失败！');
    await kit.configure('tokenpay', config({ currency: 'EVM_ETH_ETH' }));
    expect(await kit.rechargeMessage('tokenpay', 9)).toBe(
      'TokenPay refused the order: 不支持的币种【EVM_ETH_ETH】！',
    );
    await kit.configure('tokenpay', config({ endpoint: 'http://127.0.0.1:9/' }));
    expect(await kit.rechargeMessage('tokenpay', 9)).toBe(
      'TokenPay (http://127.0.0.1:9) could not be reached: try again later',
    );
    await kit.configure('tokenpay', config());
  });
});
