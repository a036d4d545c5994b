import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error';
import { wechatGateway } from './index';

const rsa = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const VALUE = {
  appId: 'wx8888888888888888',
  mchId: '1900000109',
  merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  apiV3Key: 'NimbusTestApiV3Key00000000000032',
  platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  platformSerial: 'PUB_KEY_ID_0000000000TEST',
};

describe('wechatGateway.parseConfig', () => {
  it('fills the documented production endpoint and parses both keys', () => {
    const settings = wechatGateway.parseConfig(VALUE);
    expect(settings.endpoint).toBe('https://api.mch.weixin.qq.com');
    expect(settings.merchant).toMatchObject({ mchId: VALUE.mchId, serialNo: VALUE.merchantSerialNo });
    expect(settings.platform.serial).toBe(VALUE.platformSerial);
  });

  it('refuses a configuration it could not sign or verify with', () => {
    expect(() => wechatGateway.parseConfig({ ...VALUE, privateKey: '' })).toThrow();
    expect(() => wechatGateway.parseConfig({ ...VALUE, apiV3Key: '' })).toThrow();
    expect(() => wechatGateway.parseConfig({ ...VALUE, apiV3Key: 'too-short' })).toThrow();
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const ecPem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => wechatGateway.parseConfig({ ...VALUE, privateKey: ecPem })).toThrow(/not an RSA key/);
    const broken = VALUE.platformPublicKey.replace(/[A-Za-z]{8}/, 'AAAAAAAA');
    expect(() => wechatGateway.parseConfig({ ...VALUE, platformPublicKey: broken })).toThrow();
  });
});

describe('wechatGateway', () => {
  const settings = wechatGateway.parseConfig({ ...VALUE, endpoint: 'http://127.0.0.1:9/' });

  it('takes CNY orders only, before calling anyone', async () => {
    const order = {
      outTradeNo: '20250101000000123456',
      totalAmount: 100,
      currency: 'USD',
      body: 'Recharge',
      notifyUrl: 'https://console.example.com/api/payment/notify/wechat',
      returnUrl: 'https://console.example.com/payment/handoff/x',
      clientIp: '127.0.0.1',
    };
    await expect(wechatGateway.start(settings, order)).rejects.toMatchObject({
      messageKey: 'payment.wechat.cnyOnly',
    });
    await expect(wechatGateway.start(settings, order)).rejects.toBeInstanceOf(AppError);
  });

  it('reads only POSTed notifications', async () => {
    expect(
      await wechatGateway.verify(settings, { method: 'GET', headers: {}, rawQuery: '', rawBody: '' }),
    ).toBeNull();
  });

  it('answers as the docs ask: 204 without a body, or a 5xx with {"code":"FAIL"}', () => {
    expect(wechatGateway.reply.ok).toMatchObject({ status: 204, body: '' });
    expect(wechatGateway.reply.fail.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(wechatGateway.reply.fail.body)).toMatchObject({ code: 'FAIL' });
  });
});
