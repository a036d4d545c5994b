import crypto from 'node:crypto';
import { allinpayConfigSchema } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import {
  assertHandoffValues,
  formNotification,
  withoutSeparators,
  type NotificationRules,
} from '../notification-params';
import { rsaKeyPair } from '../rsa-keys';
import { allinpayRefused, callAllinpay, type AllinpaySettings } from './allinpay-api';
import { allinpayVerifies } from './allinpay-sign';

/** trxstatus 0000: for a scan-to-pay order, "placed"; in a notification, "paid". */
const SUCCESS = '0000';
/**
 * trxcode of a payment (附录 交易类型: WeChat, QQ, Alipay, generic scan, UnionPay QR). Reversals
 * (…2 撤销, …3 退款) and adjustments (VSP907/908) carry 0000 too and must never pay an order.
 */
const PAYMENT_TRXCODES = new Set(['VSP501', 'VSP505', 'VSP511', 'VSP541', 'VSP551']);
/** body is String(100); 50 characters fit whether it counts characters or GBK bytes. */
const BODY_CHARS = 50;

/**
 * The notification's documented fields (收银宝 交易结果通知). None of unitorder/pay's own
 * (reqsn, paytype, randomstr, notify_url, validtime…) is among them. The base64 `sign` may hold
 * `=`, and so may the channel's own data and the merchant's remark, which Allinpay passes on as
 * they came.
 */
const NOTIFICATION: NotificationRules = {
  names: new Set([
    'appid',
    'outtrxid',
    'trxcode',
    'trxid',
    'initamt',
    'trxamt',
    'trxdate',
    'paytime',
    'chnltrxid',
    'trxstatus',
    'cusid',
    'termno',
    'termbatchid',
    'termtraceno',
    'termauthno',
    'termrefnum',
    'trxreserved',
    'srctrxid',
    'cusorderid',
    'acct',
    'fee',
    'signtype',
    'cmid',
    'chnlid',
    'chnldata',
    'accttype',
    'bankcode',
    'logonid',
    'tlopenid',
    'sign',
  ]),
  free: new Set(['sign', 'chnldata', 'trxreserved']),
};

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });

/**
 * Allinpay 收银宝 unified order (ALLINPAY_PAY_CONF, payment method 10): `unitorder/pay` with a
 * scan-to-pay `paytype` answers a signed `payinfo`, the QR code the customer scans. Allinpay then
 * POSTs a signed form notification (cusorderid is our reqsn, trxamt in cents) and resends it until
 * the answer is `success`. Amounts are CNY cents, with no currency field.
 */
export const allinpayGateway: PaymentGateway<AllinpaySettings> = {
  name: 'allinpay',

  parseConfig(value) {
    const config = allinpayConfigSchema.parse(value);
    if (!config.privateKey) throw new Error('allinpay: the merchant private key is not set');
    const keys = rsaKeyPair(config.privateKey, config.allinpayPublicKey, 'allinpay');
    return { config, privateKey: keys.privateKey, allinpayPublicKey: keys.publicKey };
  },

  async start(settings, order) {
    if (order.currency !== 'CNY') throw badRequest('payment.allinpay.cnyOnly');
    const { config } = settings;
    const fields = {
      orgid: config.orgId,
      cusid: config.cusId,
      appid: config.appId,
      version: '11',
      trxamt: String(order.totalAmount),
      reqsn: order.outTradeNo,
      paytype: config.payType,
      randomstr: crypto.randomBytes(16).toString('hex'),
      body: [...withoutSeparators(order.body)].slice(0, BODY_CHARS).join('') || order.outTradeNo,
      validtime: String(config.validMinutes),
      notify_url: order.notifyUrl,
      signtype: 'RSA',
    };
    assertHandoffValues(fields);
    const answer = await callAllinpay(settings, fields);
    if (answer.trxstatus !== SUCCESS)
      throw allinpayRefused(`${answer.trxstatus ?? ''} ${answer.errmsg ?? answer.retmsg ?? ''}`);
    if (answer.reqsn !== order.outTradeNo || !answer.payinfo)
      throw allinpayRefused('no payinfo in the answer');
    return { kind: 'qr', content: answer.payinfo };
  },

  async verify(settings, notification) {
    if (notification.method !== 'POST') return null;
    const params = formNotification(notification.rawBody, notification.rawQuery, NOTIFICATION);
    const { config } = settings;
    if (
      !params ||
      params.appid !== config.appId ||
      params.cusid !== config.cusId ||
      params.signtype !== 'RSA'
    )
      return null;
    if (!allinpayVerifies(params, settings.allinpayPublicKey)) return null;
    if (!/^\d{1,12}$/.test(params.trxamt ?? '') || !params.cusorderid || !params.trxid) return null;
    return {
      outTradeNo: params.cusorderid,
      tradeNo: params.trxid,
      totalAmount: Number(params.trxamt),
      currency: 'CNY',
      paid: params.trxstatus === SUCCESS && PAYMENT_TRXCODES.has(params.trxcode ?? ''),
    };
  },

  reply: { ok: text('success'), fail: text('fail') },
};
