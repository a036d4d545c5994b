import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeAlipay } from '../../integrations/payment/alipay/testing/fake-alipay';
import { orders } from '../order/order.schema';
import { gatewayKit } from './testing/payment-kit';

const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const MERCHANT = { appId: '2021000000000001', sellerId: '2088101106499364' };
const OK = { status: 200, body: 'success' };
const FAIL = { status: 200, body: 'fail' };

const kit = gatewayKit('alice-alipay', () => startFakeAlipay({ ...MERCHANT, publicKey: app.publicKey }));

/** The private key as Alipay's key tool prints it: bare base64 PKCS#8. */
const config = (changes: Record<string, string> = {}) => ({
  endpoint: kit.fake.endpoint,
  appId: MERCHANT.appId,
  privateKey: app.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  alipayPublicKey: kit.fake.alipayPublicKey,
  sellerId: MERCHANT.sellerId,
  ...changes,
});

/** Recharges and opens the gateway URL as the browser would: the fake checks its signature. */
async function rechargeShown(amount: number) {
  const handoff = await kit.recharge(kit.alice.token, 'alipay', amount);
  if (handoff.action.kind !== 'redirect') throw new Error('alipay: expected a redirect');
  expect((await fetch(handoff.action.url)).status).toBe(200);
  return handoff;
}

describe('recharge through Alipay (computer website payment)', () => {
  it('is offered once configured and switched on, its private key write-only', async () => {
    const shown = await kit.offeredOnceSwitchedOn('alipay', 2, config(), { privateKey: '' });
    expect(shown).toMatchObject({ privateKey: '', privateKeySet: true, appId: MERCHANT.appId });
  });

  it('refuses a key or seller PID pasted wrong', async () => {
    const admin = await kit.server.login('admin');
    const save = async (changes: Record<string, string>) =>
      (await kit.saveConfig('alipay', config(changes), 1, admin)).body.msg;
    expect(await save({ privateKey: 'not a key' })).toMatch(/ is invalid$/);
    expect(await save({ alipayPublicKey: 'short' })).toMatch(/ is invalid$/);
    expect(await save({ sellerId: '12345' })).toMatch(/ is invalid$/);
  });

  it('sends the browser to the gateway signed, and credits the balance once when notified', async () => {
    const handoff = await rechargeShown(50);
    expect(handoff).toMatchObject({ gateway: 'alipay', totalAmount: 5_000, action: { kind: 'redirect' } });
    const shown = kit.fake.orders.get(handoff.outTradeNo)!;
    expect(shown.biz).toMatchObject({ total_amount: '50.00', product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(new URL(shown.params.notify_url!).pathname).toBe('/api/payment/notify/alipay');
    expect(new URL(shown.params.return_url!).pathname).toBe(
      `/payment/handoff/${handoff.outTradeNo}/5000/${encodeURIComponent(handoff.body)}`,
    );

    const notification = kit.fake.notification(handoff.outTradeNo, {
      tradeNo: '2025010122001400000000000001',
    });
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({
      state: 'paid',
      payMethod: 2,
      tradeNo: '2025010122001400000000000001',
      type: 2,
    });
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // Alipay resends until it reads "success", and says TRADE_FINISHED when the refund period ends.
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    const finished = { tradeNo: '2025010122001400000000000001', status: 'TRADE_FINISHED' };
    expect(await kit.fake.notify(handoff.outTradeNo, finished)).toEqual(OK);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('credits nothing for forged, tampered, foreign or changed notifications, answering fail', async () => {
    const handoff = await rechargeShown(20);
    const no = handoff.outTradeNo;
    const attacker = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const asQuery = new URLSearchParams(kit.fake.notification(no));
    const replies = [
      await kit.fake.notify(no, { signWith: attacker.privateKey }),
      await kit.fake.notify(no, { change: { total_amount: '2000.00' }, resign: false }),
      await kit.fake.notify(no, { change: { total_amount: '0.01', receipt_amount: '0.01' } }),
      await kit.fake.notify(no, { change: { app_id: '2021000000009999' } }),
      await kit.fake.notify(no, { change: { seller_id: '2088000000000000' } }),
      await kit.fake.notify(no, { change: { sign_type: 'RSA' } }),
      await kit.fake.notify(no, { change: { out_trade_no: '20990101000000999999' } }),
      await kit.fake.notify(no, { change: { total_amount: '20' }, resign: false }),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    // The notification is a POST: the same fields as a query string are not one.
    const asGet = await fetch(`${kit.fake.orders.get(no)!.params.notify_url}?${asQuery}`);
    expect(await asGet.text()).toBe('fail');
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('acknowledges a notification of an unpaid or closed trade without paying', async () => {
    const handoff = await rechargeShown(7);
    expect(await kit.fake.notify(handoff.outTradeNo, { status: 'WAIT_BUYER_PAY' })).toEqual(OK);
    expect(await kit.fake.notify(handoff.outTradeNo, { status: 'TRADE_CLOSED' })).toEqual(OK);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
  });

  it('pays from the cashier page and sends the browser back to the hand-off page', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'alipay', 8);
    const page = await fetch(handoff.action.kind === 'redirect' ? handoff.action.url : '');
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${new URL(kit.fake.endpoint).origin}/pay/${handoff.outTradeNo}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(new URL(paid.headers.get('location')!).pathname).toBe(
      `/payment/handoff/${handoff.outTradeNo}/800/${encodeURIComponent(handoff.body)}`,
    );
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  it('signs with the configured key: the gateway refuses a request signed by another', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await kit.configure(
      'alipay',
      config({ privateKey: other.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    );
    const handoff = await kit.recharge(kit.alice.token, 'alipay', 9);
    const page = await fetch(handoff.action.kind === 'redirect' ? handoff.action.url : '');
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('isv.invalid-signature');
    await kit.configure('alipay', config());
  });

  it('takes CNY only, and a notification never pays an order in another currency', async () => {
    const handoff = await rechargeShown(6);
    await kit.server.database.db
      .update(orders)
      .set({ currency: 'USD' })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    const again = await kit.call('POST', 'app/finance/order/gateway', {
      token: kit.alice.token,
      body: { serialNumber: handoff.outTradeNo, gateway: 'alipay' },
    });
    expect(again.body.msg).toBe('Alipay takes orders in CNY only');
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(FAIL);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });
});
