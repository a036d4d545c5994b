import crypto from 'node:crypto';
import { wechatPayConfigSchema, type WechatPayConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import { callWechatPay, type WechatPayClient } from './wechat-api';
import { readNotification } from './wechat-notification';
import { verifySigned } from './wechat-sign';

/** The stored configuration with its keys parsed once. */
export type WechatPaySettings = WechatPayConfig & WechatPayClient;

const NATIVE_PATH = '/v3/pay/transactions/native';
/** `description` is string(127); cut on a character boundary. */
const DESCRIPTION_BYTES = 127;

function utf8Prefix(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char, 'utf8') > maxBytes) break;
    out += char;
  }
  return out;
}

function rsaKey<T extends crypto.KeyObject>(key: T, what: string): T {
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`wechat: the ${what} is not an RSA key`);
  return key;
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

/**
 * WeChat Pay API v3, Native payment (WXPAY_CONFIG_KEY, payment method 3): the order is created
 * at WeChat Pay by a signed POST to /v3/pay/transactions/native, whose signed answer's
 * `code_url` the customer scans. WeChat Pay then POSTs a notification signed with its key and
 * carrying the transaction encrypted with the APIv3 key; it counts as received on 200/204 and
 * is retried on a 4xx/5xx answering `{"code":"FAIL","message":…}`. CNY only.
 */
export const wechatGateway: PaymentGateway<WechatPaySettings> = {
  name: 'wechat',

  parseConfig(value) {
    const config = wechatPayConfigSchema.parse(value);
    if (!config.privateKey || !config.apiV3Key)
      throw new Error('wechat: the private key or APIv3 key is not set');
    return {
      ...config,
      merchant: {
        mchId: config.mchId,
        serialNo: config.merchantSerialNo,
        privateKey: rsaKey(crypto.createPrivateKey(config.privateKey), 'merchant private key'),
      },
      // A platform certificate's PEM gives its public key just as well.
      platform: {
        serial: config.platformSerial,
        publicKey: rsaKey(crypto.createPublicKey(config.platformPublicKey), 'WeChat Pay public key'),
      },
    };
  },

  async start(settings, order) {
    if (order.currency !== 'CNY') throw badRequest('payment.wechat.cnyOnly');
    const answer = await callWechatPay(settings, 'POST', NATIVE_PATH, {
      appid: settings.appId,
      mchid: settings.mchId,
      description: utf8Prefix(order.body || order.outTradeNo, DESCRIPTION_BYTES),
      out_trade_no: order.outTradeNo,
      notify_url: order.notifyUrl,
      amount: { total: order.totalAmount, currency: 'CNY' },
    });
    if (typeof answer.code_url !== 'string' || answer.code_url === '')
      throw badRequest('payment.wechat.refused', { reason: 'no code_url in the answer' });
    return { kind: 'qr', content: answer.code_url };
  },

  async verify(settings, notification) {
    // The notify URL carries no query; parameters there are not WeChat Pay's.
    if (notification.method !== 'POST' || notification.rawQuery !== '') return null;
    const header = (name: string) => notification.headers[name];
    if (!verifySigned(settings.platform, header, notification.rawBody)) return null;
    return readNotification(settings, notification.rawBody);
  },

  reply: {
    ok: { status: 204, contentType: 'text/plain; charset=utf-8', body: '' },
    fail: json(500, { code: 'FAIL', message: '失败' }),
  },
};
