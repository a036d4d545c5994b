import { tokenpayConfigSchema, type TokenpayConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import { decimalToCents } from '../money';
import { createTokenpayOrder, tokenpayRefused } from './tokenpay-api';
import { membersAsText, tokenpayAmount, tokenpaySigned } from './tokenpay-sign';

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });
/** OrderStatus.Paid (Pending 0, Paid 1, Expired 2). */
const PAID = '1';

/**
 * TokenPay (TOKEN_PAY_CONF, payment method 8, crypto): CreateOrder prices the order in the fiat
 * `BaseCurrency` the TokenPay server is set to (our order's amount and currency, exactly), and
 * the customer pays its equivalent in the configured crypto (`Currency`) on TokenPay's page.
 * TokenPay POSTs a signed JSON notification once paid (only then) and retries twice, a minute
 * apart, until it gets HTTP 200 with the exact body `ok`.
 */
export const tokenpayGateway: PaymentGateway<TokenpayConfig> = {
  name: 'tokenpay',

  parseConfig(value) {
    const config = tokenpayConfigSchema.parse(value);
    if (!config.apiToken) throw new Error('tokenpay: the ApiToken is not set');
    return config;
  },

  async start(config, order) {
    const mismatch = (base: string) =>
      badRequest('payment.tokenpay.currencyMismatch', { base, currency: order.currency });
    if (order.currency !== config.baseCurrency) throw mismatch(config.baseCurrency);
    const created = await createTokenpayOrder(config, {
      OutOrderId: order.outTradeNo,
      // Per order: with dynamic addresses TokenPay then gives each order its own address.
      OrderUserKey: order.outTradeNo,
      ActualAmount: tokenpayAmount(order.totalAmount),
      Currency: config.currency,
      NotifyUrl: order.notifyUrl,
      RedirectUrl: order.returnUrl,
    });
    // The server says what it priced in; an admin's setting that disagrees must not charge
    // the customer the same number in another currency.
    const { BaseCurrency: base, ActualAmount: amount } = created.info;
    if (typeof base === 'string' && base !== order.currency) throw mismatch(base);
    // An unexpired order with this number and crypto is answered as it stands.
    if (amount !== undefined && decimalToCents(String(amount)) !== order.totalAmount)
      throw tokenpayRefused(`the order at TokenPay is for ${String(amount)}`);
    return { kind: 'redirect', url: created.data };
  },

  async verify(config, notification) {
    if (notification.method !== 'POST') return null;
    let params: Record<string, string> | null;
    try {
      params = membersAsText(JSON.parse(notification.rawBody));
    } catch {
      return null;
    }
    if (!params || !tokenpaySigned(params, config.apiToken)) return null;
    const totalAmount = decimalToCents(params.ActualAmount ?? '');
    const base = params.BaseCurrency ?? '';
    if (totalAmount === null || !params.OutOrderId || !params.Id || !/^[A-Za-z]{3}$/.test(base)) return null;
    return {
      outTradeNo: params.OutOrderId,
      tradeNo: params.Id,
      // ActualAmount is the fiat amount of the order, in BaseCurrency; Amount is the crypto's.
      totalAmount,
      currency: base.toUpperCase(),
      paid: params.Status === PAID,
    };
  },

  reply: { ok: text('ok'), fail: text('fail') },
};
