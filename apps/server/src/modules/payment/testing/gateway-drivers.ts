import crypto from 'node:crypto';
import type { PaymentGatewayName, PaymentHandoff } from '@nimbus/contract';
import { startFakeAlipay } from '../../../integrations/payment/alipay/testing/fake-alipay';
import { startFakeAllinpay } from '../../../integrations/payment/allinpay/testing/fake-allinpay';
import { easypaySign } from '../../../integrations/payment/easypay/easypay-sign';
import { startFakeEasypay } from '../../../integrations/payment/easypay/testing/fake-easypay';
import { startFakeStripe } from '../../../integrations/payment/stripe/testing/fake-stripe';
import { postForm } from '../../../integrations/payment/testing/provider-http';
import { startFakeTokenpay } from '../../../integrations/payment/tokenpay/testing/fake-tokenpay';
import { startFakeWechatPay } from '../../../integrations/payment/wechat/testing/fake-wechat';
import { parseAuthorization } from '../../../integrations/payment/wechat/wechat-sign';

type Reply = { status: number; body: string };

/**
 * One gateway as a hostile customer's test drives it: its local fake provider, the config an
 * admin saves, and ways to send notifications of an order it was handed.
 */
export interface GatewayDriver {
  gateway: PaymentGatewayName;
  config: Record<string, unknown>;
  /** The answer that means "handled". */
  ok: Reply;
  /** The provider's own notification of the order, signed, with `extra` fields signed in too. */
  notify(handoff: PaymentHandoff, extra?: Record<string, string>): Promise<Reply>;
  /** The provider's notification, signed, with `query` added to the notify URL. */
  notifyWithQuery(handoff: PaymentHandoff, query: string): Promise<Reply>;
  /** What the console signed to hand the order over, sent back to it as a notification. */
  replayHandoff(handoff: PaymentHandoff): Promise<Reply>;
  close(): Promise<void>;
}

const text = (status: number, body: string) => ({ status, body });
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function post(url: string, body: string, headers: Record<string, string>): Promise<Reply> {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.text() };
}

const json = { 'content-type': 'application/json; charset=utf-8' };
const redirectOf = (handoff: PaymentHandoff) => {
  if (handoff.action.kind !== 'redirect') throw new Error(`${handoff.gateway}: expected a redirect`);
  return new URL(handoff.action.url);
};

async function easypay(): Promise<GatewayDriver> {
  const merchant = { pid: '1001', key: 'easypay-merchant-key' };
  const fake = await startFakeEasypay(merchant);
  const visited = async (handoff: PaymentHandoff) => {
    if (!fake.submitted.has(handoff.outTradeNo)) await fake.visit(redirectOf(handoff).toString());
  };
  return {
    gateway: 'easypay',
    config: { endpoint: fake.base, ...merchant },
    ok: text(200, 'success'),
    async notify(handoff, extra = {}) {
      await visited(handoff);
      return text(200, await fake.complete(handoff.outTradeNo, { change: extra }));
    },
    async notifyWithQuery(handoff, query) {
      // Easy-pay notifies by GET, its parameters in the query; sent as a form instead, with a
      // query beside it, that query is not easy-pay's.
      await visited(handoff);
      const order = fake.submitted.get(handoff.outTradeNo)!;
      const params: Record<string, string> = {
        pid: merchant.pid,
        trade_no: `EPQ-${handoff.outTradeNo}`,
        out_trade_no: handoff.outTradeNo,
        type: order.type!,
        name: order.name!,
        money: order.money!,
        trade_status: 'TRADE_SUCCESS',
      };
      const signed = { ...params, sign: easypaySign(params, merchant.key), sign_type: 'MD5' };
      return postForm(withQuery(order.notify_url!, query), signed);
    },
    async replayHandoff(handoff) {
      const url = redirectOf(handoff);
      const notifyUrl = url.searchParams.get('notify_url')!;
      const response = await fetch(`${notifyUrl}${url.search}`);
      return text(response.status, await response.text());
    },
    close: () => fake.close(),
  };
}

async function alipay(): Promise<GatewayDriver> {
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = { appId: '2021000000000001', sellerId: '2088101106499364' };
  const fake = await startFakeAlipay({ ...merchant, publicKey: app.publicKey });
  const shown = async (handoff: PaymentHandoff) => {
    if (!fake.orders.has(handoff.outTradeNo)) await fetch(redirectOf(handoff));
    return fake.orders.get(handoff.outTradeNo)!;
  };
  return {
    gateway: 'alipay',
    config: {
      endpoint: fake.endpoint,
      appId: merchant.appId,
      privateKey: app.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      alipayPublicKey: fake.alipayPublicKey,
      sellerId: merchant.sellerId,
    },
    ok: text(200, 'success'),
    async notify(handoff, extra = {}) {
      await shown(handoff);
      return fake.notify(handoff.outTradeNo, { change: extra });
    },
    async notifyWithQuery(handoff, query) {
      const order = await shown(handoff);
      return postForm(withQuery(order.params.notify_url!, query), fake.notification(handoff.outTradeNo));
    },
    async replayHandoff(handoff) {
      const url = redirectOf(handoff);
      return postForm(url.searchParams.get('notify_url')!, Object.fromEntries(url.searchParams));
    },
    close: () => fake.close(),
  };
}

async function allinpay(): Promise<GatewayDriver> {
  const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = { cusId: '990581007426001', appId: '00000051' };
  const fake = await startFakeAllinpay({ ...merchant, publicKey: merchantKeys.publicKey });
  return {
    gateway: 'allinpay',
    config: {
      endpoint: fake.endpoint,
      ...merchant,
      privateKey: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      allinpayPublicKey: fake.allinpayPublicKey,
      payType: 'W01',
    },
    ok: text(200, 'success'),
    notify: (handoff, extra = {}) => fake.notify(handoff.outTradeNo, { change: extra }),
    notifyWithQuery: (handoff, query) =>
      postForm(
        withQuery(fake.orders.get(handoff.outTradeNo)!.notify_url!, query),
        fake.notification(handoff.outTradeNo),
      ),
    async replayHandoff(handoff) {
      // The unitorder/pay form exactly as the console signed and posted it.
      const { trxid: _trxid, ...signed } = fake.orders.get(handoff.outTradeNo)!;
      return postForm(signed.notify_url!, signed);
    },
    close: () => fake.close(),
  };
}

async function tokenpay(): Promise<GatewayDriver> {
  const apiToken = 'face-rolled-token-8f2c1d';
  const fake = await startFakeTokenpay({ apiToken });
  return {
    gateway: 'tokenpay',
    config: { endpoint: fake.endpoint, apiToken, currency: 'USDT_TRC20', baseCurrency: 'CNY' },
    ok: text(200, 'ok'),
    notify: (handoff, extra = {}) => fake.notify(handoff.outTradeNo, { change: extra }),
    notifyWithQuery: (handoff, query) =>
      post(
        withQuery(fake.order(handoff.outTradeNo).NotifyUrl, query),
        JSON.stringify(fake.notification(handoff.outTradeNo)),
        json,
      ),
    async replayHandoff(handoff) {
      // CreateOrder as the console signed it (ActualAmount written as the number it sent).
      const order = fake.order(handoff.outTradeNo);
      const { OutOrderId, OrderUserKey, ActualAmount, Currency, NotifyUrl, RedirectUrl, Signature } = order;
      const body = { OutOrderId, OrderUserKey, ActualAmount: Number(ActualAmount), Currency, NotifyUrl };
      return fake.send(handoff.outTradeNo, { ...body, RedirectUrl, Signature });
    },
    close: () => fake.close(),
  };
}

async function wechat(): Promise<GatewayDriver> {
  const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = {
    appId: 'wx8888888888888888',
    mchId: '1900000109',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    apiV3Key: crypto.randomBytes(16).toString('hex'),
  };
  const fake = await startFakeWechatPay({ ...merchant, publicKey: merchantKeys.publicKey });
  return {
    gateway: 'wechat',
    config: {
      endpoint: fake.base,
      appId: merchant.appId,
      mchId: merchant.mchId,
      merchantSerialNo: merchant.serialNo,
      privateKey: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key: merchant.apiV3Key,
      platformPublicKey: fake.platformPublicKey,
      platformSerial: fake.platformSerial,
    },
    ok: text(204, ''),
    notify: (handoff, extra = {}) => fake.complete(handoff.outTradeNo, { envelope: extra }),
    async notifyWithQuery(handoff, query) {
      const sent = fake.notification(handoff.outTradeNo);
      return post(withQuery(fake.orders.get(handoff.outTradeNo)!.notify_url, query), sent.body, sent.headers);
    },
    async replayHandoff(handoff) {
      // The Native order request and its merchant signature, in the notification's headers.
      const request = fake.signedRequests.get(handoff.outTradeNo)!;
      const signed = parseAuthorization(request.authorization)!;
      return post(fake.orders.get(handoff.outTradeNo)!.notify_url, request.body, {
        ...json,
        'wechatpay-serial': fake.platformSerial,
        'wechatpay-timestamp': signed.timestamp!,
        'wechatpay-nonce': signed.nonce_str!,
        'wechatpay-signature': signed.signature!,
      });
    },
    close: () => fake.close(),
  };
}

async function stripe(webhookUrl: () => string): Promise<GatewayDriver> {
  const account = {
    secretKey: `sk_test_${crypto.randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
    webhookUrl: '',
  };
  const fake = await startFakeStripe(account);
  const ready = () => void (account.webhookUrl = webhookUrl());
  return {
    gateway: 'stripe',
    config: { endpoint: fake.endpoint, secretKey: account.secretKey, webhookSecret: account.webhookSecret },
    ok: text(200, JSON.stringify({ received: true })),
    notify(handoff, extra = {}) {
      ready();
      return fake.notify(handoff.outTradeNo, { envelope: extra });
    },
    notifyWithQuery(handoff, query) {
      ready();
      const sent = fake.event(handoff.outTradeNo);
      return post(withQuery(account.webhookUrl, query), sent.body, {
        ...json,
        'stripe-signature': sent.signature,
      });
    },
    replayHandoff(handoff) {
      // The console signs nothing for Stripe; the one secret it sends is the API key. An event
      // keyed with it instead of the webhook secret must not pass.
      ready();
      const sent = fake.event(handoff.outTradeNo, { secret: account.secretKey });
      return fake.send(sent);
    },
    close: () => fake.close(),
  };
}

/** Every gateway's driver; Stripe's webhook URL is read once the server listens. */
export async function startGatewayDrivers(notifyBase: () => string): Promise<GatewayDriver[]> {
  return Promise.all([
    easypay(),
    alipay(),
    allinpay(),
    tokenpay(),
    wechat(),
    stripe(() => `${notifyBase()}/api/payment/notify/stripe`),
  ]);
}
