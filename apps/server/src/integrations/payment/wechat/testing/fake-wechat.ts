import crypto, { type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encryptResource } from '../wechat-aead';
import { isFresh, parseAuthorization, requestMessage, rsaVerify, signedHeaders } from '../wechat-sign';

const NATIVE_PATH = '/v3/pay/transactions/native';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(response: http.ServerResponse, status: number, content: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><title>Fake WeChat Pay</title>${content}`);
}

export interface FakeMerchant {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate, and its public key. */
  serialNo: string;
  publicKey: KeyObject;
  apiV3Key: string;
}

interface NativeOrder {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  notify_url: string;
  amount: { total: number; currency: string };
}

export interface SentNotification {
  headers: Record<string, string>;
  body: string;
}

export interface NotifyOptions {
  tradeNo?: string;
  /** Fields of the transaction to change before it is encrypted and signed (e.g. `amount`). */
  transaction?: Record<string, unknown>;
  /** Sign with another key: a forgery. */
  signWith?: KeyObject;
  /** Seconds since the epoch in `Wechatpay-Timestamp` (an old, replayed signature). */
  timestamp?: number;
  serial?: string;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
  /** Change the body after signing. */
  tamper?: (body: string) => string;
  /** Members added to the notification's envelope before it is signed. */
  envelope?: Record<string, unknown>;
}

/**
 * A local WeChat Pay API v3 as documented: Native orders must carry a valid merchant signature
 * (`Authorization: WECHATPAY2-SHA256-RSA2048 …`, else 401 SIGN_ERROR); answers and
 * notifications are signed with the fake's "WeChat Pay public key" pair, and notifications
 * carry the transaction encrypted with the APIv3 key. `scanUrl(code_url)` is the page a phone
 * would show after scanning: its Pay button sends the notification (Native has no return URL;
 * the hand-off page waits for the order to be paid).
 */
export async function startFakeWechatPay(merchant: FakeMerchant) {
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = { serial: 'PUB_KEY_ID_0000000000FAKE', privateKey: keys.privateKey };
  const orders = new Map<string, NativeOrder>();
  /** Each Native order's request as the merchant signed it: its Authorization header and body. */
  const signedRequests = new Map<string, { authorization: string; body: string }>();
  const byToken = new Map<string, string>();
  /** Set to sign answers with a key Nimbus does not know. */
  const behaviour = { answerSignedBy: undefined as KeyObject | undefined };
  let trade = 0;

  function authorized(request: http.IncomingMessage, body: string): boolean {
    const auth = parseAuthorization(request.headers.authorization);
    if (!auth || auth.mchid !== merchant.mchId || auth.serial_no !== merchant.serialNo) return false;
    if (!auth.timestamp || !auth.nonce_str || !auth.signature || !isFresh(auth.timestamp)) return false;
    const message = requestMessage(request.method!, request.url!, auth.timestamp, auth.nonce_str, body);
    return rsaVerify(message, auth.signature, merchant.publicKey);
  }

  function answer(response: http.ServerResponse, status: number, payload: unknown) {
    const body = JSON.stringify(payload);
    const signer = { serial: platform.serial, privateKey: behaviour.answerSignedBy ?? platform.privateKey };
    response.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(signer, body) });
    response.end(body);
  }

  function createNative(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    if (!authorized(request, body)) return answer(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    let order: NativeOrder;
    try {
      order = JSON.parse(body) as NativeOrder;
    } catch {
      return answer(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    const valid =
      order.appid === merchant.appId &&
      order.mchid === merchant.mchId &&
      /^[0-9A-Za-z_\-*|]{6,32}$/.test(order.out_trade_no) &&
      Number.isInteger(order.amount?.total) &&
      order.amount.total > 0 &&
      order.amount.currency === 'CNY' &&
      Boolean(order.notify_url) &&
      Boolean(order.description);
    if (!valid) return answer(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    orders.set(order.out_trade_no, order);
    signedRequests.set(order.out_trade_no, { authorization: request.headers.authorization ?? '', body });
    const token = crypto.randomBytes(8).toString('hex');
    byToken.set(token, order.out_trade_no);
    return answer(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${token}` });
  }

  /** The signed request WeChat Pay would POST to notify_url. */
  function notification(outTradeNo: string, options: NotifyOptions = {}): SentNotification {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake wechat pay: ${outTradeNo} was never created`);
    const total = order.amount.total;
    const transaction = {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: outTradeNo,
      transaction_id: options.tradeNo ?? `42000${String(++trade).padStart(23, '0')}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: new Date().toISOString(),
      payer: { openid: 'oFakePayerOpenId' },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
      ...options.transaction,
    };
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encryptResource(
        options.apiV3Key ?? merchant.apiV3Key,
        JSON.stringify(transaction),
        'transaction',
      ),
      ...options.envelope,
    });
    const signer = {
      serial: options.serial ?? platform.serial,
      privateKey: options.signWith ?? platform.privateKey,
    };
    const timestamp = options.timestamp === undefined ? undefined : String(options.timestamp);
    const headers = { 'content-type': 'application/json', ...signedHeaders(signer, body, timestamp) };
    return { headers, body: options.tamper ? options.tamper(body) : body };
  }

  /** Posts a notification to the order's notify_url; what Nimbus answered. */
  async function send(outTradeNo: string, sent: SentNotification) {
    const response = await fetch(orders.get(outTradeNo)!.notify_url, {
      method: 'POST',
      headers: sent.headers,
      body: sent.body,
    });
    return { status: response.status, body: await response.text() };
  }

  const complete = (outTradeNo: string, options?: NotifyOptions) =>
    send(outTradeNo, notification(outTradeNo, options));

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'POST' && url.pathname === NATIVE_PATH)
        return createNative(request, body, response);
      const outTradeNo = byToken.get(url.searchParams.get('pr') ?? '');
      const order = outTradeNo === undefined ? undefined : orders.get(outTradeNo);
      if (url.pathname === '/scan' && order && request.method === 'GET')
        return html(
          response,
          200,
          `<h1>${escapeHtml(order.description)}</h1><p>¥${(order.amount.total / 100).toFixed(2)}</p>` +
            `<form method="post" action="/scan/pay?pr=${encodeURIComponent(url.searchParams.get('pr')!)}">` +
            `<button>Pay</button></form>`,
        );
      if (url.pathname === '/scan/pay' && order && request.method === 'POST') {
        void complete(order.out_trade_no).then(
          (reply) => html(response, 200, `<p>Paid (${reply.status})</p>`),
          (error: Error) => html(response, 500, `<p>${escapeHtml(error.message)}</p>`),
        );
        return;
      }
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    base,
    /** What Nimbus configures to verify WeChat Pay: the public key PEM and its id. */
    platformPublicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformSerial: platform.serial,
    /** Native orders accepted, by out_trade_no. */
    orders,
    signedRequests,
    behaviour,
    /** The page a phone shows after scanning `code_url`. */
    scanUrl: (codeUrl: string) => `${base}scan?pr=${new URL(codeUrl).searchParams.get('pr')}`,
    notification,
    send,
    complete,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
