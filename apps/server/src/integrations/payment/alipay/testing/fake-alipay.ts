import crypto from 'node:crypto';
import {
  cashierPage,
  documentedSignString,
  escapeHtml,
  postForm,
  rsaSignText,
  rsaTextVerifies,
  serveLocally,
} from '../../testing/provider-http';

interface PagePayBiz {
  out_trade_no?: string;
  total_amount?: string;
  subject?: string;
  product_code?: string;
}

/** How a test bends a notification: values changed before signing, or after (`resign: false`). */
export interface NotifyOptions {
  tradeNo?: string;
  status?: string;
  change?: Record<string, string>;
  resign?: boolean;
  signWith?: crypto.KeyObject;
}

/**
 * A local Alipay gateway for computer website payment, as documented: the browser's signed GET of
 * `gateway.do?method=alipay.trade.page.pay…` is checked (APPID, RSA2 signature with the merchant's
 * public key, a fresh timestamp, the page-pay product) and shows a cashier page; "Pay" POSTs the
 * RSA2-signed `trade_status_sync` form to notify_url and sends the browser to return_url.
 */
export async function startFakeAlipay(merchant: {
  appId: string;
  publicKey: crypto.KeyObject;
  sellerId: string;
}) {
  const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<string, { params: Record<string, string>; biz: PagePayBiz }>();
  let trade = 0;

  /** Why the gateway refuses the page request (its sub_code), or null. */
  function problem(params: Record<string, string>, biz: PagePayBiz): string | null {
    if (params.method !== 'alipay.trade.page.pay') return 'isv.invalid-method';
    if (params.app_id !== merchant.appId) return 'isv.invalid-app-id';
    if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || params.version !== '1.0')
      return 'isv.invalid-signature-type';
    // A request signs every parameter but sign, sign_type included (自行实现签名).
    const signed = documentedSignString(params, ['sign']);
    if (!rsaTextVerifies('sha256', signed, params.sign ?? '', merchant.publicKey))
      return 'isv.invalid-signature';
    const skew = Math.abs(Date.parse(`${params.timestamp?.replace(' ', 'T')}+08:00`) - Date.now());
    if (!(skew < 10 * 60_000)) return 'isv.invalid-timestamp';
    if (biz.product_code !== 'FAST_INSTANT_TRADE_PAY' || !/^\d+\.\d{2}$/.test(biz.total_amount ?? ''))
      return 'INVALID_PARAMETER';
    if (!biz.out_trade_no || !biz.subject || !params.notify_url) return 'isv.missing-parameter';
    return null;
  }

  /** The notification Alipay would send for an order it showed, signed (sign and sign_type excluded). */
  function notification(outTradeNo: string, options: NotifyOptions = {}): Record<string, string> {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake alipay: ${outTradeNo} was never shown`);
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const params: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomBytes(16).toString('hex'),
      app_id: merchant.appId,
      auth_app_id: merchant.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: options.tradeNo ?? `2025010122001${String(++trade).padStart(15, '0')}`,
      out_trade_no: outTradeNo,
      buyer_id: '2088102177846880',
      seller_id: merchant.sellerId,
      trade_status: options.status ?? 'TRADE_SUCCESS',
      total_amount: order.biz.total_amount ?? '',
      receipt_amount: order.biz.total_amount ?? '',
      subject: order.biz.subject ?? '',
      fund_bill_list: `[{"amount":"${order.biz.total_amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      gmt_create: now,
      gmt_payment: now,
    };
    const resign = options.resign ?? true;
    if (resign) Object.assign(params, options.change);
    const key = options.signWith ?? alipay.privateKey;
    // A notification signs every parameter but sign and sign_type (异步通知验签).
    const sign = rsaSignText('sha256', documentedSignString(params, ['sign', 'sign_type']), key);
    const signed = { ...params, sign };
    if (!resign) Object.assign(signed, options.change);
    return signed;
  }

  /** POSTs a notification to the order's notify_url: what Nimbus answered. */
  async function send(outTradeNo: string, params: Record<string, string>) {
    return postForm(orders.get(outTradeNo)!.params.notify_url!, params);
  }

  const server = await serveLocally(async (request, url, _body, response) => {
    const paying = /^\/pay\/(\d+)$/.exec(url.pathname);
    if (paying && request.method === 'POST' && orders.has(paying[1]!)) {
      await send(paying[1]!, notification(paying[1]!));
      response.writeHead(302, { location: orders.get(paying[1]!)!.params.return_url ?? '/' });
      return response.end();
    }
    if (url.pathname !== '/gateway.do' || request.method !== 'GET') {
      response.writeHead(404);
      return response.end();
    }
    const params = Object.fromEntries(url.searchParams);
    let biz: PagePayBiz = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as PagePayBiz;
    } catch {
      // Reported as a missing parameter below.
    }
    const refusal = problem(params, biz);
    response.writeHead(refusal ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
    if (refusal) return response.end(`<!doctype html><p>错误代码 ${escapeHtml(refusal)}</p>`);
    orders.set(biz.out_trade_no!, { params, biz });
    response.end(
      cashierPage('Fake Alipay', [biz.subject!, `¥${biz.total_amount}`], `/pay/${biz.out_trade_no}`),
    );
  });

  return {
    endpoint: `${server.origin}/gateway.do`,
    /** Alipay's public key as the open platform shows it: bare base64 (SPKI). */
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    /** The page requests the gateway accepted, by out_trade_no. */
    orders,
    notification,
    send,
    /** Builds and sends a notification for a shown order. */
    notify: (outTradeNo: string, options: NotifyOptions = {}) =>
      send(outTradeNo, notification(outTradeNo, options)),
    close: server.close,
  };
}
