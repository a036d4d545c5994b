import crypto from 'node:crypto';
import type { PaymentHandoff } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeAllinpay } from '../../integrations/payment/allinpay/testing/fake-allinpay';
import { paymentHandoffs } from './payment.schema';
import { orders } from '../order/order.schema';
import { gatewayKit } from './testing/payment-kit';

const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const MERCHANT = { cusId: '990581007426001', appId: '00000051' };
const OK = { status: 200, body: 'success' };
const FAIL = { status: 200, body: 'fail' };

const kit = gatewayKit('alice-allinpay', () =>
  startFakeAllinpay({ ...MERCHANT, publicKey: merchantKeys.publicKey }),
);

/** The private key as the Allinpay console takes it: bare base64 PKCS#8. */
const config = (changes: Record<string, string> = {}) => ({
  endpoint: kit.fake.endpoint,
  cusId: MERCHANT.cusId,
  appId: MERCHANT.appId,
  privateKey: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  allinpayPublicKey: kit.fake.allinpayPublicKey,
  payType: 'W01',
  ...changes,
});

describe('recharge through Allinpay 收银宝 (unified order, scan to pay)', () => {
  it('is offered once configured and switched on, its private key write-only', async () => {
    const shown = await kit.offeredOnceSwitchedOn('allinpay', 10, config(), { privateKey: '' });
    expect(shown).toMatchObject({ privateKey: '', privateKeySet: true, cusId: MERCHANT.cusId });
  });

  it('refuses a key or pay type entered wrong', async () => {
    const admin = await kit.server.login('admin');
    const save = async (changes: Record<string, string>) =>
      (await kit.saveConfig('allinpay', config(changes), 1, admin)).body.msg;
    expect(await save({ privateKey: 'not a key' })).toMatch(/ is invalid$/);
    expect(await save({ allinpayPublicKey: '' })).toMatch(/ cannot be empty$/);
    expect(await save({ payType: 'W02' })).toMatch(/ is invalid$/);
  });

  it('places the order signed, shows its payinfo as the QR code, and credits the balance once', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 50);
    expect(handoff).toMatchObject({ gateway: 'allinpay', totalAmount: 5_000, action: { kind: 'qr' } });
    const placed = kit.fake.orders.get(handoff.outTradeNo)!;
    expect(placed).toMatchObject({
      cusid: MERCHANT.cusId,
      appid: MERCHANT.appId,
      version: '11',
      trxamt: '5000',
      reqsn: handoff.outTradeNo,
      paytype: 'W01',
      validtime: '30',
      signtype: 'RSA',
    });
    expect(handoff.action.kind === 'qr' && handoff.action.content).toBe(
      `${new URL(kit.fake.endpoint).origin}/qr/${placed.trxid}`,
    );
    expect(new URL(placed.notify_url!).pathname).toBe('/api/payment/notify/allinpay');

    const notification = kit.fake.notification(handoff.outTradeNo);
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({
      state: 'paid',
      payMethod: 10,
      tradeNo: placed.trxid,
      type: 2,
    });
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // Allinpay resends until it reads "success": the same notification again is not credited.
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('credits nothing for forged, tampered, foreign or changed notifications, answering fail', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 20);
    const no = handoff.outTradeNo;
    const attacker = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const replies = [
      await kit.fake.notify(no, { signWith: attacker.privateKey }),
      await kit.fake.notify(no, { change: { trxamt: '200000' }, resign: false }),
      await kit.fake.notify(no, { change: { trxamt: '1' } }),
      await kit.fake.notify(no, { change: { trxamt: '20.00' } }),
      await kit.fake.notify(no, { change: { appid: '00009999' } }),
      await kit.fake.notify(no, { change: { cusid: '990000000000001' } }),
      await kit.fake.notify(no, { change: { signtype: 'MD5' } }),
      await kit.fake.notify(no, { change: { cusorderid: '20990101000000999999' } }),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    // The notification is a POST: the same fields as a query string are not one.
    const asGet = await fetch(
      `${kit.fake.orders.get(no)!.notify_url}?${new URLSearchParams(kit.fake.notification(no))}`,
    );
    expect(await asGet.text()).toBe('fail');
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('acknowledges a failed payment or a reversal without paying', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 7);
    expect(await kit.fake.notify(handoff.outTradeNo, { change: { trxstatus: '3088' } })).toEqual(OK);
    expect(await kit.fake.notify(handoff.outTradeNo, { change: { trxcode: 'VSP503' } })).toEqual(OK);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });

  it('pays from the page the phone shows after scanning', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 8);
    const page = handoff.action.kind === 'qr' ? handoff.action.content : '';
    expect(await (await fetch(page)).text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${page}/pay`, { method: 'POST' });
    expect(await paid.text()).toContain('Paid (success)');
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  /** The customer asks again to pay the same order through Allinpay. */
  const handOffAgain = (serialNumber: string) =>
    kit.call<PaymentHandoff>('POST', 'app/finance/order/gateway', {
      token: kit.alice.token,
      body: { serialNumber, gateway: 'allinpay' },
    });
  /** The kept QR codes' time runs out (Allinpay's validtime passed). */
  const expireKeptQrCodes = () =>
    kit.server.database.db.update(paymentHandoffs).set({ validUntil: new Date('2000-01-01T00:00:00Z') });
  const qrOf = (handoff: PaymentHandoff) => (handoff.action.kind === 'qr' ? handoff.action.content : '');

  it('hands the still-valid QR code back when asked again for the same order, asking Allinpay nothing', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 12);
    const placed = kit.fake.orders.size;
    // reqsn is our order number, and Allinpay takes it once (3888 流水号重复): not asked again.
    const again = await handOffAgain(handoff.outTradeNo);
    expect(again.body.code, again.body.msg).toBe(1);
    expect(again.body.data).toEqual(handoff);
    expect((await handOffAgain(handoff.outTradeNo)).body.data).toEqual(handoff);
    expect(kit.fake.orders.size).toBe(placed);
    expect(kit.fake.closes).toEqual([]);
  });

  it('closes an expired QR code at Allinpay first, then places the order under the next reqsn', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 13);
    const serial = handoff.outTradeNo;
    await expireKeptQrCodes();
    const second = (await handOffAgain(serial)).body.data!;
    expect(kit.fake.closes.map((close) => close.oldreqsn)).toEqual([serial]);
    expect(kit.fake.closes[0]).toMatchObject({
      cusid: MERCHANT.cusId,
      appid: MERCHANT.appId,
      signtype: 'RSA',
    });
    expect(kit.fake.orders.get(serial)!.state).toBe('closed');
    expect(kit.fake.orders.get(`${serial}R2`)).toMatchObject({ trxamt: '1300', state: 'open' });
    expect(second).toMatchObject({ outTradeNo: serial, totalAmount: 1_300 });
    expect(qrOf(second)).toBe(
      `${new URL(kit.fake.endpoint).origin}/qr/${kit.fake.orders.get(`${serial}R2`)!.trxid}`,
    );
    // Valid again: the new one is handed back as it is.
    expect((await handOffAgain(serial)).body.data).toEqual(second);

    await expireKeptQrCodes();
    const third = (await handOffAgain(serial)).body.data!;
    expect(kit.fake.closes.map((close) => close.oldreqsn)).toEqual([serial, `${serial}R2`]);
    expect(kit.fake.orders.get(`${serial}R3`)!.state).toBe('open');

    // The closed ones cannot be paid; the last one pays the order (cusorderid …R3 is our order).
    expect(await (await fetch(`${qrOf(handoff)}/pay`, { method: 'POST' })).text()).toContain('closed');
    expect(await (await fetch(`${qrOf(second)}/pay`, { method: 'POST' })).text()).toContain('closed');
    expect(await (await fetch(`${qrOf(third)}/pay`, { method: 'POST' })).text()).toContain('Paid (success)');
    expect(await kit.order(serial)).toMatchObject({
      state: 'paid',
      tradeNo: kit.fake.orders.get(`${serial}R3`)!.trxid,
    });
  });

  it('gives no second QR code while the expired one cannot be closed (paid meanwhile)', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 14);
    await expireKeptQrCodes();
    kit.fake.orders.get(handoff.outTradeNo)!.state = 'paid';
    const again = await handOffAgain(handoff.outTradeNo);
    expect(again.body.msg).toBe(
      'Allinpay did not close the earlier QR code of this order (3999 原交易已支付): if it was paid, the order shows paid shortly; otherwise try again later',
    );
    expect(kit.fake.orders.has(`${handoff.outTradeNo}R2`)).toBe(false);
  });

  it('reports what Allinpay refuses, and an answer whose signature does not verify', async () => {
    kit.fake.behaviour.refuse = { trxstatus: '3045', errmsg: '交易金额超限' };
    try {
      expect(await kit.rechargeMessage('allinpay', 9)).toBe('Allinpay refused the order: 3045 交易金额超限');
    } finally {
      kit.fake.behaviour.refuse = undefined;
    }
    kit.fake.behaviour.answerSignedBy = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    try {
      expect(await kit.rechargeMessage('allinpay', 9)).toBe(
        'The answer of Allinpay did not verify: check the Allinpay RSA public key',
      );
    } finally {
      kit.fake.behaviour.answerSignedBy = undefined;
    }
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await kit.configure(
      'allinpay',
      config({ privateKey: other.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    );
    expect(await kit.rechargeMessage('allinpay', 9)).toBe('Allinpay refused the order: FAIL 签名验证失败');
    await kit.configure('allinpay', config({ endpoint: 'http://127.0.0.1:9/apiweb/unitorder/pay' }));
    expect(await kit.rechargeMessage('allinpay', 9)).toBe(
      'Allinpay (http://127.0.0.1:9) could not be reached: try again later',
    );
    await kit.configure('allinpay', config());
  });

  it('takes CNY only, and a notification never pays an order in another currency', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'allinpay', 6);
    await kit.server.database.db
      .update(orders)
      .set({ currency: 'USD' })
      .where(eq(orders.serialNumber, handoff.outTradeNo));
    const again = await kit.call('POST', 'app/finance/order/gateway', {
      token: kit.alice.token,
      body: { serialNumber: handoff.outTradeNo, gateway: 'allinpay' },
    });
    expect(again.body.msg).toBe('Allinpay takes orders in CNY only');
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(FAIL);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
    expect(await kit.ledger(handoff.outTradeNo)).toEqual([]);
  });
});
