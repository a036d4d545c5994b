import { easypayConfigSchema, type EasypayConfig } from '@nimbus/contract';
import type { PaymentGateway } from '../gateway';
import { centsToDecimal, decimalToCents } from '../money';
import {
  assertHandoffValues,
  formNotification,
  withoutSeparators,
  type NotificationRules,
} from '../notification-params';
import { signatureMatches } from '../signature-match';
import { easypaySign } from './easypay-sign';

/**
 * The notification's documented parameters (支付结果通知). The hand-off's `notify_url` and
 * `return_url` are not among them: both directions are MD5 with the same merchant key, and this
 * is what keeps a signed hand-off from ever reading as a notification (notification-params.ts).
 */
const NOTIFICATION: NotificationRules = {
  names: new Set([
    'pid',
    'trade_no',
    'out_trade_no',
    'type',
    'name',
    'money',
    'trade_status',
    'param',
    'sign',
    'sign_type',
  ]),
};

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });

/**
 * The easy-pay protocol (CCCYUN_PAY_CONF, payment method 9): the browser goes to the provider's
 * `submit.php` with signed parameters; the provider calls `notify_url` (GET, or POST as a form)
 * with `trade_status=TRADE_SUCCESS` and its own signature, and expects the text `success`.
 * It only takes CNY.
 */
export const easypayGateway: PaymentGateway<EasypayConfig> = {
  name: 'easypay',

  parseConfig(value) {
    const config = easypayConfigSchema.parse(value);
    if (!config.key) throw new Error('easypay: the merchant key is not set');
    return config;
  },

  async start(config, order) {
    if (order.currency !== 'CNY') throw new Error('easypay takes CNY only');
    const params: Record<string, string> = {
      pid: config.pid,
      type: config.payType,
      out_trade_no: order.outTradeNo,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      name: withoutSeparators(order.body).slice(0, 100) || order.outTradeNo,
      money: centsToDecimal(order.totalAmount),
    };
    assertHandoffValues(params);
    const signed = { ...params, sign: easypaySign(params, config.key), sign_type: 'MD5' };
    const url = new URL(
      'submit.php',
      config.endpoint.endsWith('/') ? config.endpoint : `${config.endpoint}/`,
    );
    for (const [name, value] of Object.entries(signed)) if (value !== '') url.searchParams.set(name, value);
    return { kind: 'redirect', url: url.toString() };
  },

  async verify(config, notification) {
    const { rawQuery, rawBody } = notification;
    const params =
      notification.method === 'GET'
        ? formNotification(rawQuery, rawBody, NOTIFICATION)
        : formNotification(rawBody, rawQuery, NOTIFICATION);
    if (!params || params.pid !== config.pid) return null;
    if (!signatureMatches(easypaySign(params, config.key), params.sign)) return null;
    const totalAmount = decimalToCents(params.money ?? '');
    if (totalAmount === null || !params.out_trade_no || !params.trade_no) return null;
    return {
      outTradeNo: params.out_trade_no,
      tradeNo: params.trade_no,
      totalAmount,
      currency: 'CNY',
      paid: params.trade_status === 'TRADE_SUCCESS',
    };
  },

  reply: { ok: text('success'), fail: text('fail') },
};
