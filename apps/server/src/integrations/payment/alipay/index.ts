import { alipayConfigSchema } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import type { PaymentGateway } from '../gateway';
import { centsToDecimal, decimalToCents } from '../money';
import { formNotification, type NotificationRules } from '../notification-params';
import { rsaKeyPair } from '../rsa-keys';
import { notificationVerifies, pagePayUrl, type AlipayKeys } from './alipay-page-pay';

/** trade_status values that mean the buyer paid (TRADE_FINISHED: paid, refund period over). */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** subject is String(256) and "不可使用特殊字符，如 /，=，& 等". */
const SUBJECT_CHARS = 256;

/**
 * The asynchronous notification's documented parameters (电脑网站支付 异步通知). None of the
 * hand-off's own (method, biz_content, notify_url, return_url, timestamp…) is among them; only
 * the base64 `sign` may hold `=`.
 */
const NOTIFICATION: NotificationRules = {
  names: new Set([
    'notify_time',
    'notify_type',
    'notify_id',
    'app_id',
    'auth_app_id',
    'charset',
    'version',
    'sign_type',
    'sign',
    'trade_no',
    'out_trade_no',
    'out_biz_no',
    'buyer_id',
    'buyer_open_id',
    'buyer_logon_id',
    'seller_id',
    'seller_email',
    'trade_status',
    'total_amount',
    'receipt_amount',
    'invoice_amount',
    'buyer_pay_amount',
    'point_amount',
    'refund_fee',
    'subject',
    'body',
    'gmt_create',
    'gmt_payment',
    'gmt_refund',
    'gmt_close',
    'fund_bill_list',
    'passback_params',
    'voucher_detail_list',
  ]),
  free: new Set(['sign']),
};

const text = (body: string) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body });

function subjectOf(body: string, fallback: string): string {
  const clean = body.replace(/[/=&]/g, ' ').replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, SUBJECT_CHARS).join('') || fallback;
}

/**
 * Alipay computer website payment (ALIPAY_CONFIG_KEY, payment method 2): the browser goes to
 * the gateway with a signed `alipay.trade.page.pay`; Alipay then POSTs a form notification signed
 * RSA2 with its key, and retries until the answer is the text `success`. Only notifications for
 * our APPID (and seller, when configured) count. Amounts are CNY yuan.
 */
export const alipayGateway: PaymentGateway<AlipayKeys> = {
  name: 'alipay',

  parseConfig(value) {
    const config = alipayConfigSchema.parse(value);
    if (!config.privateKey) throw new Error('alipay: the application private key is not set');
    const keys = rsaKeyPair(config.privateKey, config.alipayPublicKey, 'alipay');
    return {
      appId: config.appId,
      endpoint: config.endpoint,
      sellerId: config.sellerId,
      privateKey: keys.privateKey,
      alipayPublicKey: keys.publicKey,
    };
  },

  async start(keys, order) {
    if (order.currency !== 'CNY') throw badRequest('payment.alipay.cnyOnly');
    const url = pagePayUrl(
      keys,
      {
        outTradeNo: order.outTradeNo,
        totalAmount: centsToDecimal(order.totalAmount),
        subject: subjectOf(order.body, order.outTradeNo),
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
      },
      new Date(),
    );
    return { kind: 'redirect', url };
  },

  async verify(keys, notification) {
    if (notification.method !== 'POST') return null;
    const params = formNotification(notification.rawBody, notification.rawQuery, NOTIFICATION);
    if (!params || params.app_id !== keys.appId || params.sign_type !== 'RSA2') return null;
    if (!notificationVerifies(params, keys.alipayPublicKey)) return null;
    if (keys.sellerId && params.seller_id !== keys.sellerId) return null;
    const totalAmount = decimalToCents(params.total_amount ?? '');
    if (totalAmount === null || !params.out_trade_no || !params.trade_no) return null;
    return {
      outTradeNo: params.out_trade_no,
      tradeNo: params.trade_no,
      totalAmount,
      currency: 'CNY',
      paid: PAID.has(params.trade_status ?? ''),
    };
  },

  reply: { ok: text('success'), fail: text('fail') },
};
