import crypto from 'node:crypto';
import { allinpayConfigSchema } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { GatewayOrder, KeptHandoff, PaymentGateway } from '../gateway';
import {
  assertHandoffValues,
  formNotification,
  withoutSeparators,
  type NotificationRules,
} from '../notification-params';
import { rsaKeyPair } from '../rsa-keys';
import { allinpayRefused, callAllinpay, type AllinpaySettings } from './allinpay-api';
import { nextReference, serialOfReference } from './allinpay-reference';
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
/** A kept QR code is handed back only while the customer still has this long to scan and pay. */
const SCAN_MARGIN_MS = 60_000;

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

/** unitorder/pay under `reference`: the QR code (payinfo) and until when it can be paid. */
async function place(
  settings: AllinpaySettings,
  order: GatewayOrder,
  reference: string,
  now: Date,
): Promise<KeptHandoff> {
  if (order.currency !== 'CNY') throw badRequest('payment.allinpay.cnyOnly');
  const { config } = settings;
  const fields = {
    orgid: config.orgId,
    cusid: config.cusId,
    appid: config.appId,
    version: '11',
    trxamt: String(order.totalAmount),
    reqsn: reference,
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
  if (answer.reqsn !== reference || !answer.payinfo) throw allinpayRefused('no payinfo in the answer');
  return {
    reference,
    action: { kind: 'qr', content: answer.payinfo },
    validUntil: new Date(now.getTime() + config.validMinutes * 60_000),
  };
}

/**
 * unitorder/close (订单关闭) of the order placed under `reference`. Anything but trxstatus 0000
 * (it was paid meanwhile, or Allinpay cannot close it now) stops the new hand-off: a paid one
 * reaches us by its notification, and a second QR code must never be payable beside the first.
 */
async function closeEarlier(settings: AllinpaySettings, reference: string): Promise<void> {
  const { config } = settings;
  const answer = await callAllinpay(
    settings,
    {
      orgid: config.orgId,
      cusid: config.cusId,
      appid: config.appId,
      version: '11',
      oldreqsn: reference,
      randomstr: crypto.randomBytes(16).toString('hex'),
      signtype: 'RSA',
    },
    'close',
  );
  if (answer.trxstatus !== SUCCESS)
    throw badRequest('payment.allinpay.notClosed', {
      reason: `${answer.trxstatus ?? ''} ${answer.errmsg ?? answer.retmsg ?? ''}`.trim().slice(0, 160),
    });
}

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });

/**
 * Allinpay 收银宝 unified order (ALLINPAY_PAY_CONF, payment method 10): `unitorder/pay` with a
 * scan-to-pay `paytype` answers a signed `payinfo`, the QR code the customer scans. Allinpay then
 * POSTs a signed form notification (cusorderid is our reqsn: the order's serial number, with `R<n>`
 * after it for a later hand-off; trxamt in cents) and resends it until the answer is `success`.
 * Amounts are CNY cents, with no currency field.
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
    return (await place(settings, order, order.outTradeNo, new Date())).action;
  },

  /**
   * Allinpay answers a second unitorder/pay under the same reqsn with 3888 流水号重复, closed or
   * not: the earlier QR code is handed back while it is valid; once it expired, the earlier order
   * is closed (so it can never be paid as well) and a new one is placed under the next reqsn.
   */
  async startOnce(settings, order, earlier, now) {
    if (!earlier) return place(settings, order, order.outTradeNo, now);
    if (order.currency !== 'CNY') throw badRequest('payment.allinpay.cnyOnly');
    if (earlier.validUntil.getTime() - SCAN_MARGIN_MS > now.getTime()) return earlier;
    await closeEarlier(settings, earlier.reference);
    return place(settings, order, nextReference(order.outTradeNo, earlier.reference), now);
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
      outTradeNo: serialOfReference(params.cusorderid),
      tradeNo: params.trxid,
      totalAmount: Number(params.trxamt),
      currency: 'CNY',
      paid: params.trxstatus === SUCCESS && PAYMENT_TRXCODES.has(params.trxcode ?? ''),
    };
  },

  reply: { ok: text('success'), fail: text('fail') },
};
