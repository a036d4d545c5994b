import crypto from 'node:crypto';
import { ALLINPAY_PAY_TYPES } from '@nimbus/contract';
import {
  cashierPage,
  documentedSignString,
  postForm,
  rsaSignText,
  rsaTextVerifies,
  serveLocally,
} from '../../testing/provider-http';

/** The trxcode a paid scan order of each paytype is notified with (附录 交易类型). */
const TRXCODE_OF: Record<string, string> = { W01: 'VSP501', A01: 'VSP511', U01: 'VSP551' };

/** How a test bends a notification: values changed before signing, or after (`resign: false`). */
export interface NotifyOptions {
  tradeNo?: string;
  change?: Record<string, string>;
  resign?: boolean;
  signWith?: crypto.KeyObject;
}

const json = (body: Record<string, string>) => JSON.stringify(body);
/** 安全规范: SHA1withRSA over every non-empty field but sign. */
const signOf = (fields: Record<string, string>, key: crypto.KeyObject) =>
  rsaSignText('sha1', documentedSignString(fields, ['sign']), key);

/**
 * A local Allinpay 收银宝 as documented: `POST /apiweb/unitorder/pay` checks the merchant's
 * SHA1withRSA signature and fields, and answers `retcode=SUCCESS, trxstatus=0000` with a payinfo
 * (here the URL of a page standing for the phone that scans it), signed with Allinpay's own key;
 * refusals are `retcode=FAIL` unsigned. Like the real one it takes a reqsn once, closed or not
 * (3888 流水号重复). `POST /apiweb/unitorder/close` closes an unpaid order by oldreqsn or
 * oldtrxid; a closed order cannot be paid any more. Paying sends the signed form notification to
 * notify_url.
 * `behaviour` makes the next answers refuse (trxstatus) or carry another key's signature.
 */
export async function startFakeAllinpay(merchant: {
  cusId: string;
  appId: string;
  publicKey: crypto.KeyObject;
}) {
  const allinpay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<
    string,
    Record<string, string> & { trxid: string; state: 'open' | 'paid' | 'closed' }
  >();
  /** The close requests, as sent. */
  const closes: Record<string, string>[] = [];
  const behaviour: { refuse?: { trxstatus: string; errmsg: string }; answerSignedBy?: crypto.KeyObject } = {};
  let trade = 0;

  const fail = (retmsg: string) => json({ retcode: 'FAIL', retmsg });
  const signedAnswer = (fields: Record<string, string>) =>
    json({ ...fields, sign: signOf(fields, behaviour.answerSignedBy ?? allinpay.privateKey) });

  /** The answer to a request not signed by the merchant or not for its account, else undefined. */
  function merchantRefusal(form: Record<string, string>): string | undefined {
    const verified = rsaTextVerifies(
      'sha1',
      documentedSignString(form, ['sign']),
      form.sign ?? '',
      merchant.publicKey,
    );
    if (form.signtype !== 'RSA' || !verified) return fail('签名验证失败');
    if (form.cusid !== merchant.cusId || form.appid !== merchant.appId) return fail('商户号或appid错误');
    return undefined;
  }

  function pay(form: Record<string, string>, origin: string): string {
    const refused = merchantRefusal(form);
    if (refused) return refused;
    const valid =
      /^[1-9]\d*$/.test(form.trxamt ?? '') &&
      (ALLINPAY_PAY_TYPES as readonly string[]).includes(form.paytype ?? '') &&
      !!form.reqsn &&
      !!form.randomstr &&
      !!form.notify_url &&
      (form.validtime === undefined || (Number(form.validtime) >= 1 && Number(form.validtime) <= 1440));
    if (!valid) return fail('参数错误');
    const base = {
      cusid: merchant.cusId,
      appid: merchant.appId,
      reqsn: form.reqsn!,
      randomstr: form.randomstr!,
    };
    if (orders.has(form.reqsn!) || behaviour.refuse) {
      const refusal = behaviour.refuse ?? { trxstatus: '3888', errmsg: '流水号重复' };
      return signedAnswer({
        retcode: 'SUCCESS',
        ...base,
        trxid: '',
        trxstatus: refusal.trxstatus,
        errmsg: refusal.errmsg,
      });
    }
    const trxid = `2501${String(++trade).padStart(14, '0')}`;
    orders.set(form.reqsn!, { ...form, trxid, state: 'open' });
    return signedAnswer({
      retcode: 'SUCCESS',
      ...base,
      trxid,
      trxstatus: '0000',
      payinfo: `${origin}/qr/${trxid}`,
    });
  }

  /** 订单关闭: signed like a payment; an order already paid or unknown is not closed. */
  function close(form: Record<string, string>): string {
    const refused = merchantRefusal(form);
    if (refused) return refused;
    if (!form.randomstr || (!form.oldreqsn && !form.oldtrxid)) return fail('参数错误');
    closes.push(form);
    const order = form.oldreqsn ? orders.get(form.oldreqsn) : byTrxid(form.oldtrxid!);
    const base = { cusid: merchant.cusId, appid: merchant.appId };
    if (!order)
      return signedAnswer({ retcode: 'SUCCESS', ...base, trxstatus: '3999', errmsg: '原交易不存在' });
    if (order.state === 'paid')
      return signedAnswer({ retcode: 'SUCCESS', ...base, trxstatus: '3999', errmsg: '原交易已支付' });
    order.state = 'closed';
    return signedAnswer({ retcode: 'SUCCESS', ...base, trxstatus: '0000' });
  }

  /** The notification of a paid order, signed with Allinpay's key; empty fields are sent empty. */
  function notification(reqsn: string, options: NotifyOptions = {}): Record<string, string> {
    const order = orders.get(reqsn);
    if (!order) throw new Error(`fake allinpay: ${reqsn} was never ordered`);
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/\D/g, '');
    const params: Record<string, string> = {
      appid: merchant.appId,
      cusid: merchant.cusId,
      trxcode: TRXCODE_OF[order.paytype!]!,
      trxid: options.tradeNo ?? order.trxid,
      initamt: order.trxamt!,
      trxamt: order.trxamt!,
      trxdate: now.slice(0, 8),
      paytime: now.slice(0, 14),
      chnltrxid: `4200001${now.slice(0, 14)}`,
      trxstatus: '0000',
      cusorderid: reqsn,
      acct: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      fee: '0',
      termno: '',
      trxreserved: '',
      signtype: 'RSA',
    };
    const resign = options.resign ?? true;
    if (resign) Object.assign(params, options.change);
    const signed = { ...params, sign: signOf(params, options.signWith ?? allinpay.privateKey) };
    if (!resign) Object.assign(signed, options.change);
    return signed;
  }

  const send = (reqsn: string, params: Record<string, string>) =>
    postForm(orders.get(reqsn)!.notify_url!, params);
  const byTrxid = (trxid: string) => [...orders.values()].find((order) => order.trxid === trxid);

  const server = await serveLocally(async (request, url, body, response) => {
    if (url.pathname === '/apiweb/unitorder/pay' && request.method === 'POST') {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      return response.end(pay(Object.fromEntries(new URLSearchParams(body)), server.origin));
    }
    if (url.pathname === '/apiweb/unitorder/close' && request.method === 'POST') {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      return response.end(close(Object.fromEntries(new URLSearchParams(body))));
    }
    const scanned = /^\/qr\/(\d+)(\/pay)?$/.exec(url.pathname);
    const order = scanned ? byTrxid(scanned[1]!) : undefined;
    if (!scanned || !order) {
      response.writeHead(404);
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (!scanned[2])
      return response.end(
        cashierPage('Fake Allinpay', [order.body ?? '', `${order.trxamt} 分`], url.pathname + '/pay'),
      );
    if (order.state === 'closed') return response.end('<!doctype html><p>This order is closed</p>');
    order.state = 'paid';
    const answer = await send(order.reqsn!, notification(order.reqsn!));
    response.end(`<!doctype html><p>Paid (${answer.body})</p>`);
  });

  return {
    endpoint: `${server.origin}/apiweb/unitorder/pay`,
    /** Allinpay's public key as its console shows it: bare base64 (SPKI). */
    allinpayPublicKey: allinpay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    /** The orders accepted, by reqsn. */
    orders,
    closes,
    behaviour,
    notification,
    send,
    notify: (reqsn: string, options: NotifyOptions = {}) => send(reqsn, notification(reqsn, options)),
    close: server.close,
  };
}
