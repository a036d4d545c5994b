import crypto from 'node:crypto';
import { cashierPage, documentedSignString, serveLocally } from '../../testing/provider-http';

/** How a test bends a notification: values changed before signing, or after (`resign: false`). */
export interface NotifyOptions {
  change?: Record<string, string | number>;
  resign?: boolean;
  apiToken?: string;
}

type Order = Record<string, string> & { Id: string; OutOrderId: string; NotifyUrl: string };

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');
/** Wiki/docs.md: every field but Signature with a value, sorted, `k=v&…`, the ApiToken appended, MD5. */
const signOf = (fields: Record<string, string | number>, apiToken: string) =>
  md5(
    documentedSignString(
      Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
      ['Signature'],
    ) + apiToken,
  );

/**
 * A local TokenPay as its docs and server code describe it: `POST /CreateOrder` (JSON) checks the
 * MD5 signature as the server does — over each value's .NET text, so `ActualAmount` is read as
 * written in the JSON (a decimal keeps its scale) — answers `{ success, message, data, info }`
 * (an unexpired order with the same OutOrderId and Currency is answered again as it stands),
 * and its pay page (`/Pay?Id=…`) has a Pay button that POSTs the signed JSON notification to
 * NotifyUrl, then goes to RedirectUrl. `behaviour` makes orders refuse, or price in another fiat.
 */
export async function startFakeTokenpay(options: { apiToken: string; currencies?: string[] }) {
  const currencies = options.currencies ?? ['USDT_TRC20', 'TRX'];
  const orders = new Map<string, Order>();
  const behaviour: { refuse?: string; baseCurrency: string } = { baseCurrency: 'CNY' };

  function create(raw: string, origin: string): Record<string, unknown> {
    const fail = (message: string) => ({ success: false, message });
    let model: Record<string, unknown>;
    try {
      model = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return fail('请求格式错误');
    }
    const actual = /"ActualAmount"\s*:\s*(-?\d+(?:\.\d+)?)\s*[,}]/.exec(raw)?.[1];
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(model)) if (typeof value === 'string') fields[name] = value;
    if (!actual || !fields.OutOrderId || !fields.OrderUserKey || !fields.Currency) return fail('参数缺失');
    fields.ActualAmount = actual;
    if (signOf(fields, options.apiToken) !== fields.Signature) return fail('签名验证失败！');
    if (!currencies.includes(fields.Currency)) return fail(`不支持的币种【${fields.Currency}】！`);
    if (behaviour.refuse) return fail(behaviour.refuse);
    if (!(Number(actual) > 0)) return fail('金额有误！');
    const key = `${fields.OutOrderId}/${fields.Currency}`;
    const old = orders.get(key);
    const order: Order = old ?? {
      ...fields,
      Id: crypto.randomUUID(),
      OutOrderId: fields.OutOrderId,
      NotifyUrl: fields.NotifyUrl ?? '',
      Amount: (Number(actual) / 7.1).toFixed(4),
      ToAddress: 'TKGTx4pCKiKQbk8evXHTborfZn754TGViP',
      BaseCurrency: behaviour.baseCurrency,
    };
    orders.set(key, order);
    const { Id, OutOrderId, OrderUserKey, ActualAmount, Amount, ToAddress, BaseCurrency } = order;
    return {
      success: true,
      message: old ? '订单已存在，查询旧订单！' : '创建订单成功！',
      data: `${origin}/Pay?Id=${Id}`,
      info: {
        Id,
        OutOrderId,
        OrderUserKey,
        ActualAmount,
        Amount,
        ToAddress,
        BaseCurrency,
        CurrencyName: 'USDT',
      },
    };
  }

  const byOutOrderId = (outOrderId: string) => {
    const found = [...orders.values()].findLast((order) => order.OutOrderId === outOrderId);
    if (!found) throw new Error(`fake tokenpay: ${outOrderId} was never ordered`);
    return found;
  };

  /** The notification of a paid order as OrderNotifyService builds it (Status and IsDynamicAmount are numbers). */
  function notification(outOrderId: string, change: NotifyOptions = {}): Record<string, string | number> {
    const order = byOutOrderId(outOrderId);
    const fields: Record<string, string | number> = {
      ActualAmount: order.ActualAmount!,
      Amount: order.Amount!,
      BaseCurrency: order.BaseCurrency!,
      BlockChainName: 'TRON',
      BlockTransactionId: crypto.createHash('sha256').update(order.Id).digest('hex'),
      Currency: order.Currency!,
      CurrencyName: 'USDT',
      FromAddress: 'TYYjzt6AWhe9hAg9DrhiYXEWKDksyohgQa',
      Id: order.Id,
      IsDynamicAmount: 0,
      OrderUserKey: order.OrderUserKey!,
      OutOrderId: order.OutOrderId,
      PayTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      Status: 1,
      ToAddress: order.ToAddress!,
    };
    const resign = change.resign ?? true;
    if (resign) Object.assign(fields, change.change);
    const signed: Record<string, string | number> = {
      ...fields,
      Signature: signOf(fields, change.apiToken ?? options.apiToken),
    };
    if (!resign) Object.assign(signed, change.change);
    return signed;
  }

  /** Success for TokenPay is HTTP 200 with the body exactly `ok`. */
  async function send(outOrderId: string, body: unknown) {
    const response = await fetch(byOutOrderId(outOrderId).NotifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  }

  const server = await serveLocally(async (request, url, body, response) => {
    if (url.pathname === '/CreateOrder' && request.method === 'POST') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return response.end(JSON.stringify(create(body, server.origin)));
    }
    const id =
      url.pathname === '/Pay' ? url.searchParams.get('Id') : /^\/Pay\/([\w-]+)\/pay$/.exec(url.pathname)?.[1];
    const order = [...orders.values()].find((o) => o.Id === id);
    if (!order) {
      response.writeHead(404);
      return response.end();
    }
    if (url.pathname === '/Pay') {
      const lines = [`${order.ActualAmount} ${order.BaseCurrency}`, `${order.Amount} ${order.Currency}`];
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(cashierPage('Fake TokenPay', lines, `/Pay/${order.Id}/pay`));
    }
    await send(order.OutOrderId, notification(order.OutOrderId));
    response.writeHead(303, { location: order.RedirectUrl ?? '/' });
    response.end();
  });

  return {
    endpoint: server.origin,
    orders,
    behaviour,
    order: byOutOrderId,
    notification,
    send,
    notify: (outOrderId: string, change: NotifyOptions = {}) =>
      send(outOrderId, notification(outOrderId, change)),
    close: server.close,
  };
}
