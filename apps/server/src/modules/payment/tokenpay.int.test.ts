import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeTokenpay } from '../../integrations/payment/tokenpay/testing/fake-tokenpay';
import { configRepository } from '../config/config.repository';
import { orders } from '../order/order.schema';
import { paymentKit } from './testing/payment-kit';

const API_TOKEN = 'face-rolled-token-8f2c1d';
const OK = { status: 200, body: 'ok' };
const FAIL = { status: 200, body: 'fail' };
const UNKNOWN = '20990101000000999999';

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeTokenpay>>;
const kit = paymentKit(() => server);
let alice: { id: number; token: string };

const config = (changes: Record<string, string> = {}) => ({
  endpoint: fake.endpoint,
  apiToken: API_TOKEN,
  currency: 'USDT_TRC20',
  baseCurrency: 'CNY',
  ...changes,
});
const messageOf = async (path: string, body: Record<string, unknown>) =>
  (await kit.call('POST', path, { token: alice.token, body })).body.msg;
const rechargeMessage = (amount: number) =>
  messageOf('app/finance/recharge', { amount, gateway: 'tokenpay' });
const payAgain = (serialNumber: string) =>
  messageOf('app/finance/order/gateway', { serialNumber, gateway: 'tokenpay' });

beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeTokenpay({ apiToken: API_TOKEN })]);
  alice = await kit.customer('alice-tokenpay');
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('recharge through TokenPay (crypto)', () => {
  it('is offered once configured and switched on, its ApiToken write-only', async () => {
    expect(await rechargeMessage(50)).toBe(
      'Payment channel not enabled: contact the administrator to enable the recharge channel',
    );
    await kit.configure('tokenpay', config(), 0);
    expect((await kit.call('GET', 'app/finance/payment/channels', { token: alice.token })).body.data).toEqual(
      [],
    );
    await kit.configure('tokenpay', config({ apiToken: '' }), 1);
    const channels = await kit.call('GET', 'app/finance/payment/channels', { token: alice.token });
    expect(channels.body.data).toEqual([{ gateway: 'tokenpay', method: 8 }]);
    const shown = await kit.call<Record<string, unknown>>('GET', 'sys/config/kinfo', {
      token: await server.login('admin'),
      query: { key: 'TOKEN_PAY_CONF' },
    });
    expect(shown.body.data).toMatchObject({ apiToken: '', apiTokenSet: true, currency: 'USDT_TRC20' });
  });

  it('refuses a crypto, fiat or address entered wrong', async () => {
    const admin = await server.login('admin');
    const row = await configRepository(server.database.db).byKey('TOKEN_PAY_CONF');
    const save = async (changes: Record<string, string>) =>
      (
        await kit.call('POST', 'sys/config/update', {
          token: admin,
          body: {
            id: row!.id,
            paramKey: 'TOKEN_PAY_CONF',
            paramValue: JSON.stringify(config(changes)),
            status: 1,
          },
        })
      ).body.msg;
    expect(await save({ currency: 'USDT TRC20' })).toMatch(/ is invalid$/);
    expect(await save({ baseCurrency: 'JPY' })).toMatch(/ is invalid$/);
    expect(await save({ endpoint: 'tokenpay.local' })).not.toBe('Operation successful');
  });

  it('creates the signed order, goes to its page, and credits the balance once', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 50);
    expect(handoff.action.kind).toBe('redirect');
    const order = fake.order(handoff.outTradeNo);
    expect(order).toMatchObject({
      OutOrderId: handoff.outTradeNo,
      OrderUserKey: handoff.outTradeNo,
      ActualAmount: '50',
      Currency: 'USDT_TRC20',
    });
    expect(handoff.action.kind === 'redirect' && handoff.action.url).toBe(
      `${fake.endpoint}/Pay?Id=${order.Id}`,
    );
    expect(new URL(order.NotifyUrl).pathname).toBe('/api/payment/notify/tokenpay');
    expect(new URL(order.RedirectUrl!).pathname).toMatch(`/payment/handoff/${handoff.outTradeNo}/5000/`);

    const notification = fake.notification(handoff.outTradeNo);
    expect(await fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({
      state: 'paid',
      payMethod: 8,
      tradeNo: order.Id,
      type: 2,
    });
    expect(await kit.balance(alice.id)).toBe(5_000);
    expect(await kit.ledger(handoff.outTradeNo)).toMatchObject([{ amount: 5_000, reason: 'recharge' }]);

    // TokenPay retries until it reads "ok": the same notification again is not credited.
    expect(await fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    expect(await kit.balance(alice.id)).toBe(5_000);
    expect(await kit.ledger(handoff.outTradeNo)).toHaveLength(1);
    await kit.booksBalance(alice.id);
  });

  it('credits nothing for forged, tampered or changed notifications, answering fail', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 20);
    const no = handoff.outTradeNo;
    const genuine = fake.notification(no);
    const replies = [
      await fake.notify(no, { apiToken: 'another-token' }),
      await fake.notify(no, { change: { ActualAmount: '2000' }, resign: false }),
      await fake.notify(no, { change: { ActualAmount: '2' } }),
      await fake.notify(no, { change: { ActualAmount: '20.001' } }),
      await fake.notify(no, { change: { BaseCurrency: 'USD' } }),
      await fake.notify(no, { change: { OutOrderId: UNKNOWN } }),
      // A member whose .NET text cannot be known for sure (a fraction) makes it unreadable.
      await fake.notify(no, { change: { IsDynamicAmount: 0.5 } }),
      await fake.send(no, { ...genuine, Signature: undefined }),
      await fake.send(no, { ...genuine, Extra: true }),
      await fake.send(
        no,
        new URLSearchParams(
          Object.entries(genuine).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString(),
      ),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    const asGet = await fetch(
      `${fake.order(no).NotifyUrl}?${new URLSearchParams({ Id: String(genuine.Id) })}`,
    );
    expect(await asGet.text()).toBe('fail');
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('acknowledges a notification that is not a payment without paying', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 7);
    expect(await fake.notify(handoff.outTradeNo, { change: { Status: 2 } })).toEqual(OK);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });

  it('pays from the TokenPay page, which goes back to the hand-off page', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 8);
    const page = handoff.action.kind === 'redirect' ? handoff.action.url : '';
    expect(await (await fetch(page)).text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${fake.endpoint}/Pay/${fake.order(handoff.outTradeNo).Id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(fake.order(handoff.outTradeNo).RedirectUrl);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  it('sends amounts with cents exactly, and refuses an order TokenPay holds for another amount', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 12);
    await server.database.db
      .update(orders)
      .set({ amount: 1_234 })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    // The same OutOrderId and crypto: TokenPay answers the order it has, for 12.
    expect(await payAgain(handoff.outTradeNo)).toBe(
      'TokenPay refused the order: the order at TokenPay is for 12',
    );
    await kit.configure('tokenpay', config({ currency: 'TRX' }));
    expect(await payAgain(handoff.outTradeNo)).toBe('Operation successful');
    expect(fake.order(handoff.outTradeNo)).toMatchObject({ ActualAmount: '12.34', Currency: 'TRX' });
    expect(await fake.notify(handoff.outTradeNo)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({ state: 'paid', amount: 1_234 });
    await kit.configure('tokenpay', config());
  });

  it('takes only the fiat TokenPay prices in, and reports its refusals', async () => {
    const handoff = await kit.recharge(alice.token, 'tokenpay', 6);
    await server.database.db
      .update(orders)
      .set({ currency: 'USD' })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    expect(await payAgain(handoff.outTradeNo)).toBe('TokenPay prices in CNY: it cannot take an order in USD');
    expect(await fake.notify(handoff.outTradeNo)).toEqual(FAIL);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');

    fake.behaviour.baseCurrency = 'USD';
    try {
      expect(await rechargeMessage(9)).toBe('TokenPay prices in USD: it cannot take an order in CNY');
    } finally {
      fake.behaviour.baseCurrency = 'CNY';
    }
    fake.behaviour.refuse = '此订单金额过低！';
    try {
      expect(await rechargeMessage(9)).toBe('TokenPay refused the order: 此订单金额过低！');
    } finally {
      fake.behaviour.refuse = undefined;
    }
    await kit.configure('tokenpay', config({ apiToken: 'wrong-token' }));
    expect(await rechargeMessage(9)).toBe('TokenPay refused the order: 签名验证失败！');
    await kit.configure('tokenpay', config({ currency: 'EVM_ETH_ETH' }));
    expect(await rechargeMessage(9)).toBe('TokenPay refused the order: 不支持的币种【EVM_ETH_ETH】！');
    await kit.configure('tokenpay', config({ endpoint: 'http://127.0.0.1:9/' }));
    expect(await rechargeMessage(9)).toBe(
      'TokenPay (http://127.0.0.1:9) could not be reached: try again later',
    );
    await kit.configure('tokenpay', config());
  });
});
