import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../integrations/payment/stripe/testing/fake-stripe';
import { orders } from '../order/order.schema';
import { gatewayKit } from './testing/payment-kit';

const ACCOUNT = {
  secretKey: `sk_test_${crypto.randomBytes(12).toString('hex')}`,
  webhookSecret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
  webhookUrl: '',
};
const OK = { status: 200, body: JSON.stringify({ received: true }) };
const FAIL = { status: 400, body: JSON.stringify({ received: false }) };
const UNKNOWN = '20990101000000999999';

const kit = gatewayKit('alice-stripe', () => startFakeStripe(ACCOUNT));

const config = (changes: Record<string, string> = {}) => ({
  endpoint: kit.fake.endpoint,
  secretKey: ACCOUNT.secretKey,
  webhookSecret: ACCOUNT.webhookSecret,
  ...changes,
});
const answerOf = async (path: string, body: Record<string, unknown>) =>
  (await kit.call('POST', path, { token: kit.alice.token, body })).body.msg;
const setOrder = (serialNumber: string, fields: { currency?: string; amount?: number }) =>
  kit.server.database.db.update(orders).set(fields).where(eq(orders.serialNumber, serialNumber));

beforeAll(() => {
  ACCOUNT.webhookUrl = `${kit.server.baseUrl}/api/payment/notify/stripe`;
});

describe('recharge through Stripe Checkout', () => {
  it('is offered once configured and switched on, its keys write-only', async () => {
    const shown = await kit.offeredOnceSwitchedOn('stripe', 4, config(), {
      secretKey: '',
      webhookSecret: '',
    });
    expect(shown).toMatchObject({
      endpoint: kit.fake.endpoint,
      secretKey: '',
      secretKeySet: true,
      webhookSecret: '',
      webhookSecretSet: true,
    });
  });

  it('creates a Checkout Session, goes to its page, and credits the balance once', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'stripe', 50);
    const session = kit.fake.sessionOf(handoff.outTradeNo);
    expect(session).toMatchObject({
      amount_total: 5_000,
      currency: 'cny',
      client_reference_id: handoff.outTradeNo,
      metadata: { out_trade_no: handoff.outTradeNo },
    });
    expect(new URL(session.success_url).pathname).toBe(
      `/payment/handoff/${handoff.outTradeNo}/5000/`.concat(encodeURIComponent(handoff.body)),
    );
    expect(handoff.action).toEqual({ kind: 'redirect', url: session.url });

    const event = kit.fake.event(handoff.outTradeNo);
    expect(await kit.fake.send(event)).toEqual(OK);
    const paid = await kit.order(handoff.outTradeNo);
    expect(paid).toMatchObject({ state: 'paid', payMethod: 4, type: 2 });
    expect(paid.tradeNo).toMatch(/^pi_/);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);

    // Stripe redelivers until it reads a 2xx: the same event again is acknowledged, not credited.
    expect(await kit.fake.send(event)).toEqual(OK);
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(OK);
    await kit.creditedOnce(handoff.outTradeNo, 5_000);
  });

  it('credits nothing for forged, replayed, tampered or changed events, answering 400', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'stripe', 20);
    const no = handoff.outTradeNo;
    const now = Math.floor(Date.now() / 1000);
    const genuine = kit.fake.event(no);
    const replies = [
      await kit.fake.notify(no, { secret: `whsec_${crypto.randomBytes(24).toString('base64')}` }),
      await kit.fake.notify(no, { timestamp: now - 301 }),
      await kit.fake.notify(no, { timestamp: now + 301 }),
      await kit.fake.notify(no, {
        tamper: (body) => body.replace('"amount_total":2000', '"amount_total":200000'),
      }),
      await kit.fake.send({ body: genuine.body, signature: genuine.signature.replace(/v1=/, 'v0=') }),
      await kit.fake.send({ body: genuine.body, signature: '' }),
      await kit.fake.notify(no, { session: { amount_total: 1 } }),
      await kit.fake.notify(no, { session: { currency: 'usd' } }),
      await kit.fake.notify(no, {
        session: { client_reference_id: UNKNOWN, metadata: { out_trade_no: UNKNOWN } },
      }),
      await kit.fake.notify(no, { session: { metadata: { out_trade_no: UNKNOWN } } }),
      await kit.fake.notify(no, { livemode: true }),
    ];
    expect(replies).toEqual(replies.map(() => FAIL));
    // An event is a POST: the same body sent any other way is not one.
    const asGet = await fetch(`${ACCOUNT.webhookUrl}?body=${encodeURIComponent(genuine.body)}`, {
      headers: { 'stripe-signature': genuine.signature },
    });
    expect(asGet.status).toBe(400);
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.ledger(no)).toEqual([]);
  });

  it('waits for a delayed payment, and acknowledges events that pay nothing', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'stripe', 7);
    const no = handoff.outTradeNo;
    expect(await kit.fake.notify(no, { session: { payment_status: 'unpaid' } })).toEqual(OK);
    expect(await kit.fake.notify(no, { type: 'checkout.session.async_payment_failed' })).toEqual(OK);
    expect(await kit.fake.notify(no, { type: 'customer.created' })).toEqual(OK);
    expect((await kit.order(no)).state).toBe('unpaid');
    expect(await kit.fake.notify(no, { type: 'checkout.session.async_payment_succeeded' })).toEqual(OK);
    expect((await kit.order(no)).state).toBe('paid');
    expect(await kit.ledger(no)).toHaveLength(1);
  });

  it('pays from the hosted page, which goes back to the hand-off page', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'stripe', 8);
    const page = handoff.action.kind === 'redirect' ? handoff.action.url : '';
    expect(await (await fetch(page)).text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(kit.fake.sessionOf(handoff.outTradeNo).success_url);
    expect((await kit.order(handoff.outTradeNo)).state).toBe('paid');
  });

  it('charges zero-decimal currencies in whole units, and refuses a fraction rather than round it', async () => {
    const handoff = await kit.recharge(kit.alice.token, 'stripe', 6);
    await setOrder(handoff.outTradeNo, { currency: 'JPY' });
    const again = { serialNumber: handoff.outTradeNo, gateway: 'stripe' };
    expect(await answerOf('app/finance/order/gateway', again)).toBe('Operation successful');
    expect(kit.fake.sessionOf(handoff.outTradeNo)).toMatchObject({ amount_total: 6, currency: 'jpy' });
    expect(await kit.fake.notify(handoff.outTradeNo, { session: { amount_total: 600 } })).toEqual(FAIL);
    expect(await kit.fake.notify(handoff.outTradeNo)).toEqual(OK);
    expect(await kit.order(handoff.outTradeNo)).toMatchObject({ state: 'paid', amount: 600 });

    const fraction = await kit.recharge(kit.alice.token, 'stripe', 6);
    await setOrder(fraction.outTradeNo, { currency: 'JPY', amount: 650 });
    expect(await answerOf('app/finance/order/gateway', { ...again, serialNumber: fraction.outTradeNo })).toBe(
      'Stripe charges JPY in whole units: the amount cannot have a fraction',
    );
  });

  it('reports what Stripe refuses, a wrong key, and an endpoint that cannot be reached', async () => {
    kit.fake.behaviour.refuse = 'Amount must convert to at least 50 cents.';
    try {
      expect(await kit.rechargeMessage('stripe', 9)).toBe(
        'Stripe refused the payment: amount_too_small: Amount must convert to at least 50 cents.',
      );
    } finally {
      kit.fake.behaviour.refuse = undefined;
    }
    await kit.configure('stripe', config({ secretKey: 'sk_test_wrong' }));
    expect(await kit.rechargeMessage('stripe', 9)).toBe(
      'Stripe refused the payment: Invalid API Key provided: sk_***',
    );
    await kit.configure('stripe', config({ endpoint: 'http://127.0.0.1:9' }));
    expect(await kit.rechargeMessage('stripe', 9)).toBe(
      'Stripe (http://127.0.0.1:9) could not be reached: try again later',
    );
    await kit.configure('stripe', config());
  });
});
