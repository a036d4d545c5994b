import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureMatches } from '../../signature-match';
import { easypaySign } from '../easypay-sign';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local easy-pay provider as the protocol documents it: `submit.php` checks the merchant's
 * signature and shows a cashier page; paying sends the signed `TRADE_SUCCESS` notification to
 * `notify_url` (GET) and the browser back to `return_url`. Tests also send notifications of
 * their own making: forged, replayed or with another amount.
 */
export async function startFakeEasypay(merchant: { pid: string; key: string }) {
  const submitted = new Map<string, Record<string, string>>();
  const replies: string[] = [];
  let trade = 0;

  /** Sends a notification for a submitted order; `change` alters it after (`resign`) or before signing. */
  async function complete(
    outTradeNo: string,
    options: { change?: Record<string, string>; resign?: boolean; tradeNo?: string } = {},
  ): Promise<string> {
    const order = submitted.get(outTradeNo);
    if (!order) throw new Error(`fake easypay: ${outTradeNo} was never submitted`);
    const params: Record<string, string> = {
      pid: merchant.pid,
      trade_no: options.tradeNo ?? `EP${String(++trade).padStart(8, '0')}`,
      out_trade_no: outTradeNo,
      type: order.type || 'alipay',
      name: order.name ?? '',
      money: order.money ?? '',
      trade_status: 'TRADE_SUCCESS',
    };
    const resign = options.resign ?? true;
    if (resign) Object.assign(params, options.change);
    const signed = { ...params, sign: easypaySign(params, merchant.key), sign_type: 'MD5' };
    if (!resign) Object.assign(signed, options.change);
    const url = new URL(order.notify_url!);
    for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value);
    const reply = await (await fetch(url)).text();
    replies.push(reply);
    return reply;
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    if (url.pathname.endsWith('/submit.php')) {
      const valid =
        params.pid === merchant.pid && signatureMatches(easypaySign(params, merchant.key), params.sign);
      if (!valid) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('sign error');
      }
      submitted.set(params.out_trade_no!, params);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><title>Fake easy-pay</title><h1>${escapeHtml(params.name ?? '')}</h1>` +
          `<p>¥${escapeHtml(params.money ?? '')}</p>` +
          `<form method="post" action="pay?out_trade_no=${encodeURIComponent(params.out_trade_no!)}">` +
          `<button type="submit">Pay</button></form>`,
      );
    }
    if (url.pathname.endsWith('/pay') && request.method === 'POST') {
      const outTradeNo = params.out_trade_no ?? '';
      void complete(outTradeNo).then(
        () => {
          response.writeHead(302, { location: submitted.get(outTradeNo)!.return_url! });
          response.end();
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error.message);
        },
      );
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    base,
    /** The orders `submit.php` accepted, by out_trade_no. */
    submitted,
    /** What Nimbus answered each notification. */
    replies,
    /** A browser's visit of the hand-off URL: the provider checks its signature. */
    async visit(submitUrl: string): Promise<number> {
      return (await fetch(submitUrl)).status;
    },
    complete,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
