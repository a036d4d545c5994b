import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startFakeWechatPay } from '../../integrations/payment/wechat/testing/fake-wechat';
import { gatewayKit } from './testing/payment-kit';

const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const MERCHANT = {
  appId: 'wx8888888888888888',
  mchId: '1900000109',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  apiV3Key: crypto.randomBytes(16).toString('hex'),
};
const FAIL = { status: 500, body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
const OK = { status: 204, body: '' };

const kit = gatewayKit('alice-wxpay', () =>
  startFakeWechatPay({ ...MERCHANT, publicKey: merchantKeys.publicKey }),
);

const config = (changes: Record<string, string> = {}) => ({
  endpoint: kit.fake.base,
  appId: MERCHANT.appId,
  mchId: MERCHANT.mchId,
  merchantSerialNo: MERCHANT.serialNo,
  privateKey: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  apiV3Key: MERCHANT.apiV3Key,
  platformPublicKey: kit.fake.platformPublicKey,
  platformSerial: kit.fake.platformSerial,
  ...changes,
});

describe('recharge through WeChat Pay (API v3, Native)', () => {
  it('is offered once configured and switched on, its keys write-only', async () => {
    const shown = await kit.offeredOnceSwitchedOn('wechat', 3, config(), { privateKey: '', apiV3Key: '' });
    expect(shown).toMatchObject({
      privateKey: '',
      privateKeySet: true,
      apiV3Key: '',
      apiV3KeySet: true,
    });
    expect(shown).toMatchObject({ platformSerial: kit.fake.platformSerial, mchId: MERCHANT.mchId });
  });

  it('refuses keys pasted wrong, naming the field', async () => {
    const admin = await kit.server.login('admin');
    const save = async (changes: Record<string, string>) =>
      (await kit.saveConfig('wechat', config(changes), 1, admin)).body.msg;
    // Request validation names a config value's field by its unscoped label (or raw name) for
    // now; the scoped labels of messages/payment-wechat.ts are what a scope-aware lookup shows.
    expect(await save({ apiV3Key: 'short' })).toMatch(/^(APIv3 key|apiV3Key) is invalid$/);
    expect(await save({ privateKey: 'not a key' })).toMatch(
      /^(Merchant API private key|privateKey) is invalid$/,
    );
    expect(await save({ platformPublicKey: '' })).toMatch(
      /^(WeChat Pay public key.*|platformPublicKey) cannot be empty$/,
    );
  });

  it('creates the Native order signed, shows its code_url, and credits the balance once when notified', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'wechat', 50);
    expect(handoff).toMatchObject({ gateway: 'wechat', totalAmount: 5_000, action: { kind: 'qr' } });
    expect(handoff.action.kind === 'qr' && handoff.action.content).toMatch(
      /^weixin:\/\/wxpay\/bizpayurl\?pr=/,
    );
    const created = kit.fake.orders.get(handoff.outTradeNo)!;
    expect(created).toMatchObject({
      appid: MERCHANT.appId,
      mchid: MERCHANT.mchId,
      amount: { total: 5_000, currency: 'CNY' },
    });
    expect(new URL(created.notify_url).pathname).toBe('/api/payment/notify/wechat');

    const notification = kit.fake.notification(handoff.outTradeNo, {
      tradeNo: '4200000001202501010000000001',
    });
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    const order = await kit.order(handoff.outTradeNo);
    expect(order).toMatchObject({
      state: 'paid',
      payMethod: 3,
      tradeNo: '4200000001202501010000000001',
      type: 2,
    });
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // WeChat Pay retries until it reads 200/204: the same notification again is acknowledged, not credited.
    expect(await kit.fake.send(handoff.outTradeNo, notification)).toEqual(OK);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('credits nothing for forged, tampered, stale, foreign or changed notifications, answering FAIL', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'wechat', 20);
    const no = handoff.outTradeNo;
    const attacker = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const replies = [
      await kit.fake.complete(no, { signWith: attacker.privateKey }),
      await kit.fake.complete(no, {
        tamper: (body) => body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
      }),
      await kit.fake.complete(no, { timestamp: tenMinutesAgo }),
      await kit.fake.complete(no, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
      await kit.fake.complete(no, { apiV3Key: crypto.randomBytes(16).toString('hex') }),
      await kit.fake.complete(no, { transaction: { mchid: '1900000999' } }),
      await kit.fake.complete(no, { transaction: { amount: { total: 1, currency: 'CNY' } } }),
      await kit.fake.complete(no, { transaction: { amount: { total: 2_000, currency: 'USD' } } }),
      await kit.fake.complete(no, { transaction: { out_trade_no: '20990101000000999999' } }),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('acknowledges a notification of an unpaid state without paying', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'wechat', 7);
    expect(await kit.fake.complete(handoff.outTradeNo, { transaction: { trade_state: 'NOTPAY' } })).toEqual(
      OK,
    );
    expect((await kit.order(handoff.outTradeNo)).state).toBe('unpaid');
  });

  it('pays from the page a phone shows after scanning', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'wechat', 8);
    const page = kit.fake.scanUrl(handoff.action.kind === 'qr' ? handoff.action.content : '');
    expect(await (await fetch(page)).text()).toContain('<button>Pay</button>');
    const paid = await fetch(page.replace('/scan?', '/scan/pay?'), { method: 'POST' });
    expect(await paid.text()).toContain('Paid (204)');
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  it('reports what WeChat Pay refuses, and an answer whose signature does not verify', async () => {
    await kit.configure('wechat', config({ merchantSerialNo: '0000000000000000000000000000000000000000' }));
    expect(await kit.rechargeMessage('wechat', 9)).toBe('WeChat Pay refused the order: SIGN_ERROR 签名错误');
    await kit.configure('wechat', config());
    kit.fake.behaviour.answerSignedBy = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    try {
      expect(await kit.rechargeMessage('wechat', 9)).toBe(
        'The answer of WeChat Pay did not verify: check the WeChat Pay public key and its ID',
      );
    } finally {
      kit.fake.behaviour.answerSignedBy = undefined;
    }
    await kit.configure('wechat', config({ endpoint: 'http://127.0.0.1:9/' }));
    expect(await kit.rechargeMessage('wechat', 9)).toBe(
      'WeChat Pay (http://127.0.0.1:9) could not be reached: try again later',
    );
    await kit.configure('wechat', config());
  });
});
