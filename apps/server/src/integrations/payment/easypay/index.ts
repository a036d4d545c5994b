import { easypayConfigSchema, type EasypayConfig } from '@nimbus/contract';
import type { PaymentGateway } from '../gateway';
import { centsToDecimal, decimalToCents } from '../money';
import { signatureMatches } from '../signature-match';
import { easypaySign } from './easypay-sign';

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
      name: order.body.slice(0, 100),
      money: centsToDecimal(order.totalAmount),
    };
    const signed = { ...params, sign: easypaySign(params, config.key), sign_type: 'MD5' };
    const url = new URL(
      'submit.php',
      config.endpoint.endsWith('/') ? config.endpoint : `${config.endpoint}/`,
    );
    for (const [name, value] of Object.entries(signed)) if (value !== '') url.searchParams.set(name, value);
    return { kind: 'redirect', url: url.toString() };
  },

  async verify(config, notification) {
    const params =
      notification.method === 'GET'
        ? notification.query
        : Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (params.pid !== config.pid) return null;
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
