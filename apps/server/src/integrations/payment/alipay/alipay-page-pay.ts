import type crypto from 'node:crypto';
import { assertHandoffValues } from '../notification-params';
import { alipayTimestamp } from '../../certification/alipay/alipay-gateway';
import { alipaySignContent, rsa2Sign, rsa2Verify } from '../../certification/alipay/alipay-sign';

/** The configuration with its keys parsed once. */
export interface AlipayKeys {
  appId: string;
  endpoint: string;
  sellerId: string;
  privateKey: crypto.KeyObject;
  alipayPublicKey: crypto.KeyObject;
}

const PAGE_PAY_METHOD = 'alipay.trade.page.pay';
/** The sales product code of computer website payment. */
const PAGE_PAY_PRODUCT = 'FAST_INSTANT_TRADE_PAY';

export interface PagePayOrder {
  outTradeNo: string;
  /** Yuan, two decimals ("12.34"). */
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
}

/**
 * `alipay.trade.page.pay` as a signed gateway URL the browser is sent to: the public request
 * parameters (notify_url and return_url among them) plus biz_content, RSA2-signed over the sorted
 * parameters (certification/alipay/alipay-sign.ts). Values are encoded as the official SDK's GET
 * page call does (encodeURIComponent: a space is %20, never `+`).
 */
export function pagePayUrl(keys: AlipayKeys, order: PagePayOrder, now: Date): string {
  const params: Record<string, string> = {
    app_id: keys.appId,
    method: PAGE_PAY_METHOD,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTimestamp(now),
    version: '1.0',
    notify_url: order.notifyUrl,
    return_url: order.returnUrl,
    biz_content: JSON.stringify({
      out_trade_no: order.outTradeNo,
      total_amount: order.totalAmount,
      subject: order.subject,
      product_code: PAGE_PAY_PRODUCT,
    }),
  };
  // biz_content is JSON of plain values (the subject cleaned of & and =): no separator either.
  assertHandoffValues(params);
  const signed = { ...params, sign: rsa2Sign(alipaySignContent(params), keys.privateKey) };
  const url = new URL(keys.endpoint);
  url.search = Object.entries(signed)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return url.toString();
}

/**
 * What an asynchronous notification signs (异步通知验签): every parameter received except `sign`
 * and `sign_type`, without empty values, sorted, joined `a=1&b=2` with decoded values — the
 * official SDKs' rsaCheckV1, the variant they use for payment notifications.
 */
export function notificationContent(params: Readonly<Record<string, string>>): string {
  return alipaySignContent({ ...params, sign_type: undefined });
}

export function notificationVerifies(
  params: Readonly<Record<string, string>>,
  alipayPublicKey: crypto.KeyObject,
): boolean {
  const sign = params.sign;
  return sign !== undefined && rsa2Verify(notificationContent(params), sign, alipayPublicKey);
}
