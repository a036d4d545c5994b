import { tokenpayConfigSchema, type TokenpayConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import { decimalToCents } from '../money';
import { assertHandoffValues, checkedParams, type NotificationRules } from '../notification-params';
import { createTokenpayOrder, tokenpayRefused } from './tokenpay-api';
import { membersAsText, tokenpayAmount, tokenpaySigned } from './tokenpay-sign';

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });
/**
 * The notification's documented fields (Wiki/docs.md "异步回调参数"; the sample spells
 * BlockChainName, the table BlockchainName). CreateOrder signs with the same ApiToken, so its
 * NotifyUrl and RedirectUrl are not among them: a signed CreateOrder never reads as a
 * notification (notification-params.ts).
 */
const NOTIFICATION: NotificationRules = {
  names: new Set([
    'Id',
    'BlockTransactionId',
    'OutOrderId',
    'OrderUserKey',
    'PayTime',
    'BlockchainName',
    'BlockChainName',
    'Currency',
    'CurrencyName',
    'BaseCurrency',
    'Amount',
    'ActualAmount',
    'FromAddress',
    'ToAddress',
    'Status',
    'PassThroughInfo',
    'PayAmount',
    'IsDynamicAmount',
    'Signature',
  ]),
};
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
    const fields = {
      OutOrderId: order.outTradeNo,
      // Per order: with dynamic addresses TokenPay then gives each order its own address.
      OrderUserKey: order.outTradeNo,
      ActualAmount: tokenpayAmount(order.totalAmount),
      Currency: config.currency,
      NotifyUrl: order.notifyUrl,
      RedirectUrl: order.returnUrl,
    };
    assertHandoffValues(fields);
    const created = await createTokenpayOrder(config, fields);
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
    if (notification.method !== 'POST' || notification.rawQuery !== '') return null;
    let params: Record<string, string> | null;
    try {
      params = checkedParams(membersAsText(JSON.parse(notification.rawBody)), NOTIFICATION);
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
