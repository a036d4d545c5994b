import http from 'node:http';
import type { PaymentGatewayName, PaymentHandoff } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { easypaySign } from '../../integrations/payment/easypay/easypay-sign';
import { startGatewayDrivers, type GatewayDriver } from './testing/gateway-drivers';
import { paymentKit } from './testing/payment-kit';

/**
 * A hostile customer against every gateway's notifications (issue 17 §1): whatever they send
 * must not pay an order or credit a balance unless it is the provider's own notification, with
 * the provider's own parameter names, and no signature the console makes for them can be
 * turned into one. New gateways join through testing/gateway-drivers.ts.
 */
let server: TestServer | undefined;
let drivers: GatewayDriver[] = [];
let mallory: { id: number; token: string } | undefined;
const kit = paymentKit(() => server!);

beforeAll(async () => {
  [server, drivers] = await Promise.all([startTestServer(), startGatewayDrivers(() => server!.baseUrl)]);
  mallory = await kit.customer('mallory-notify');
  for (const driver of drivers) await kit.configure(driver.gateway, driver.config);
});
afterAll(async () => {
  await server?.close();
  await Promise.all(drivers.map((driver) => driver.close()));
});

const handed = (driver: GatewayDriver) => kit.recharge(mallory!.token, driver.gateway, 10);

/** Neither paid nor credited. */
async function untouched(handoff: PaymentHandoff) {
  expect((await kit.order(handoff.outTradeNo)).state, handoff.gateway).toBe('unpaid');
  expect(await kit.ledger(handoff.outTradeNo), handoff.gateway).toEqual([]);
}

/** The provider's own notification still pays the order once: the refusals were about the attack. */
async function paysWhenGenuine(driver: GatewayDriver, handoff: PaymentHandoff) {
  expect(await driver.notify(handoff), driver.gateway).toEqual(driver.ok);
  expect((await kit.order(handoff.outTradeNo)).state, driver.gateway).toBe('paid');
  expect(await kit.ledger(handoff.outTradeNo), driver.gateway).toHaveLength(1);
}

/** A name only the hand-off carries, never the provider's notification. */
const HANDOFF_ONLY: Record<PaymentGatewayName, string> = {
  easypay: 'notify_url',
  alipay: 'biz_content',
  allinpay: 'reqsn',
  tokenpay: 'RedirectUrl',
  wechat: 'notify_url',
  stripe: 'success_url',
};

/**
 * A documented value carrying the text of more parameters. Only the gateways that sign the
 * canonical `a=1&b=2` text can be cut this way; WeChat Pay and Stripe sign the JSON body's bytes,
 * and their query is refused above.
 */
const SMUGGLED: Partial<Record<PaymentGatewayName, Record<string, string>>> = {
  easypay: { name: 'Recharge&trade_status=TRADE_SUCCESS' },
  alipay: { subject: 'Recharge&trade_status=TRADE_SUCCESS' },
  allinpay: { acct: 'oUpF8&trxstatus=0000' },
  tokenpay: { FromAddress: 'TYYjzt&Status=1' },
};

describe('a hostile customer against gateway notifications', () => {
  it('refuses a signed notification with a name its provider does not document, in its fields or its query', async () => {
    for (const driver of drivers) {
      const handoff = await handed(driver);
      const attempts = [
        await driver.notify(handoff, { [HANDOFF_ONLY[driver.gateway]]: 'x' }),
        await driver.notify(handoff, { nimbus_extra: '1' }),
        await driver.notifyWithQuery(handoff, 'trade_status=TRADE_SUCCESS'),
      ];
      for (const reply of attempts) expect(reply, driver.gateway).not.toEqual(driver.ok);
      await untouched(handoff);
      await paysWhenGenuine(driver, handoff);
    }
  });

  it('refuses & or = smuggled into a signed value', async () => {
    for (const driver of drivers) {
      const smuggled = SMUGGLED[driver.gateway];
      if (!smuggled) continue;
      const handoff = await handed(driver);
      expect(await driver.notify(handoff, smuggled), driver.gateway).not.toEqual(driver.ok);
      await untouched(handoff);
      await paysWhenGenuine(driver, handoff);
    }
  });

  it('never takes what the console signed to hand an order over for a notification', async () => {
    for (const driver of drivers) {
      const handoff = await handed(driver);
      expect(await driver.replayHandoff(handoff), driver.gateway).not.toEqual(driver.ok);
      await untouched(handoff);
      await paysWhenGenuine(driver, handoff);
    }
  });

  it('is no signing oracle: a hand-off whose URLs carry a notification never pays (easy-pay)', async () => {
    const driver = drivers.find((d) => d.gateway === 'easypay')!;
    const { pid, key } = driver.config as { pid: string; key: string };
    const handoff = await handed(driver);
    const serial = handoff.outTradeNo;
    // Sorted, the hand-off signs money, name, notify_url, out_trade_no, pid, return_url, type;
    // a URL that starts with this host makes the same text read as a paid notification whose
    // last parameter (zz) swallows the rest.
    const host = `h&out_trade_no=${serial}&pid=${pid}&trade_no=FORGED-1&trade_status=TRADE_SUCCESS&type=alipay&zz=`;
    const forge = (signed: Record<string, string>) => {
      const { sign, sign_type: _type, ...params } = signed;
      const text = Object.keys(params)
        .filter((name) => params[name] !== '')
        .sort()
        .map((name) => `${name}=${params[name]}`)
        .join('&');
      const cut = text.indexOf('&zz=');
      const forged = Object.fromEntries(
        text
          .slice(0, cut)
          .split('&')
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      return { ...forged, zz: text.slice(cut + 4), sign: sign!, sign_type: 'MD5' };
    };
    const notifyWith = async (forged: Record<string, string>) =>
      (await fetch(`${server!.baseUrl}/api/payment/notify/easypay?${new URLSearchParams(forged)}`)).text();

    // Through the console: the hand-off asked for with that Host header.
    const answer = await postWithHost(host, 'app/finance/order/gateway', mallory!.token, {
      serialNumber: serial,
      gateway: 'easypay',
    });
    if (answer.code === 1) {
      const signed = Object.fromEntries(new URL(answer.data.action.url).searchParams);
      expect(await notifyWith(forge(signed))).toBe('fail');
    }
    // Whatever URL the console puts in a hand-off: the same hand-off signed with the merchant key.
    const handoffParams: Record<string, string> = {
      pid,
      type: 'alipay',
      out_trade_no: serial,
      notify_url: `http://${host}/api/payment/notify/easypay`,
      return_url: `http://${host}/payment/handoff/${serial}`,
      name: 'Recharge',
      money: '10.00',
    };
    const signed = { ...handoffParams, sign: easypaySign(handoffParams, key) };
    expect(await notifyWith(forge(signed))).toBe('fail');
    await untouched(handoff);
  });
});

/** A customer's API call with a Host header of their choosing (fetch does not let one set it). */
function postWithHost(
  host: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ code: number; data: { action: { url: string } } }> {
  const url = new URL(server!.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/${path}`,
        method: 'POST',
        headers: { host, token, lang: 'en', 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
