import crypto from 'node:crypto';
import { cashierPage, serveLocally } from '../../testing/provider-http';

/** The account the fake serves, and where its Dashboard says the webhook endpoint is. */
export interface FakeStripeAccount {
  secretKey: string;
  webhookSecret: string;
  /** Set once the merchant's server listens: Stripe has no per-payment notify URL. */
  webhookUrl: string;
}

/** How a test bends an event: session fields, type, or its signature (secret, time, body after signing). */
export interface EventOptions {
  type?: string;
  session?: Record<string, unknown>;
  livemode?: boolean;
  secret?: string;
  timestamp?: number;
  tamper?: (body: string) => string;
  /** Members added to the event before it is signed. */
  envelope?: Record<string, unknown>;
}

type Session = Record<string, unknown> & { id: string; client_reference_id: string; success_url: string };

const error = (message: string, code?: string) =>
  JSON.stringify({ error: { type: 'invalid_request_error', code, message } });

/**
 * A local Stripe as documented: `POST /v1/checkout/sessions` takes the secret key as a Bearer
 * token (else 401) and form parameters, refuses what Stripe refuses (currency case, amounts ISK
 * or three-decimal currencies cannot take), and answers a session whose `url` is a hosted page
 * with a Pay button: paying sends a signed `checkout.session.completed` event to the webhook URL
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(whsec, "t.body")`, computed here on its own) and goes
 * back to `success_url`. `behaviour.refuse` makes the next sessions fail with that message.
 */
export async function startFakeStripe(account: FakeStripeAccount) {
  const sessions = new Map<string, Session>();
  const behaviour: { refuse?: string } = {};

  function create(request: { authorization?: string }, form: URLSearchParams, origin: string) {
    if (request.authorization !== `Bearer ${account.secretKey}`)
      return { status: 401, body: error('Invalid API Key provided: sk_***') };
    const p = (name: string) => form.get(name) ?? '';
    const currency = p('line_items[0][price_data][currency]');
    const unit = p('line_items[0][price_data][unit_amount]');
    const valid =
      p('mode') === 'payment' &&
      /^[a-z]{3}$/.test(currency) &&
      /^[1-9]\d{0,11}$/.test(unit) &&
      p('line_items[0][quantity]') === '1' &&
      p('line_items[0][price_data][product_data][name]') !== '' &&
      /^https?:\/\//.test(p('success_url')) &&
      /^https?:\/\//.test(p('cancel_url'));
    if (!valid) return { status: 400, body: error('Invalid request parameters', 'parameter_invalid') };
    if (
      (currency === 'isk' && Number(unit) % 100 !== 0) ||
      (/^(?:bhd|jod|kwd|omr|tnd)$/.test(currency) && !unit.endsWith('0'))
    )
      return { status: 400, body: error('Invalid amount.', 'invalid_charge_amount_no_decimal_compatible') };
    if (behaviour.refuse) return { status: 400, body: error(behaviour.refuse, 'amount_too_small') };
    const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      livemode: account.secretKey.startsWith('sk_live_'),
      amount_total: Number(unit),
      currency,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: p('client_reference_id'),
      metadata: { out_trade_no: p('metadata[out_trade_no]') },
      product_name: p('line_items[0][price_data][product_data][name]'),
      success_url: p('success_url'),
      cancel_url: p('cancel_url'),
      url: `${origin}/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: JSON.stringify(session) };
  }

  const sessionOf = (outTradeNo: string) => {
    const found = [...sessions.values()].findLast((s) => s.client_reference_id === outTradeNo);
    if (!found) throw new Error(`fake stripe: no session for ${outTradeNo}`);
    return found;
  };

  /** The signed event of the order's latest session, paid, as Stripe would POST it. */
  function event(outTradeNo: string, options: EventOptions = {}) {
    const session = sessionOf(outTradeNo);
    session.payment_intent ??= `pi_${crypto.randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      livemode: options.livemode ?? session.livemode,
      type: options.type ?? 'checkout.session.completed',
      data: {
        object: { ...session, url: null, status: 'complete', payment_status: 'paid', ...options.session },
      },
      ...options.envelope,
    });
    const t = options.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = crypto
      .createHmac('sha256', options.secret ?? account.webhookSecret)
      .update(`${t}.${body}`)
      .digest('hex');
    return { body: options.tamper ? options.tamper(body) : body, signature: `t=${t},v1=${v1}` };
  }

  async function send(sent: { body: string; signature: string }) {
    const response = await fetch(account.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sent.signature },
      body: sent.body,
    });
    return { status: response.status, body: await response.text() };
  }

  const server = await serveLocally(async (request, url, body, response) => {
    if (url.pathname === '/v1/checkout/sessions' && request.method === 'POST') {
      const answer = create(request.headers, new URLSearchParams(body), server.origin);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      return response.end(answer.body);
    }
    const page = /^\/c\/pay\/(cs_test_[0-9a-f]+)(\/pay)?$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!page || !session) {
      response.writeHead(404);
      return response.end();
    }
    if (!page[2]) {
      const lines = [String(session.product_name), `${session.amount_total} ${session.currency}`];
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(cashierPage('Fake Stripe Checkout', lines, `${url.pathname}/pay`));
    }
    await send(event(session.client_reference_id));
    response.writeHead(303, { location: session.success_url });
    response.end();
  });

  return {
    endpoint: server.origin,
    sessions,
    behaviour,
    sessionOf,
    event,
    send,
    /** Signs and sends the order's event at once. */
    notify: (outTradeNo: string, options: EventOptions = {}) => send(event(outTradeNo, options)),
    close: server.close,
  };
}
