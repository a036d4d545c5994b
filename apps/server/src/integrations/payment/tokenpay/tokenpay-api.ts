import type { TokenpayConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import { tokenpaySign } from './tokenpay-sign';

const TIMEOUT_MS = 15_000;

export const tokenpayRefused = (reason: string) =>
  badRequest('payment.tokenpay.refused', { reason: reason.replace(/\s+/g, ' ').trim().slice(0, 160) });

export interface CreatedOrder {
  /** The TokenPay payment page. */
  data: string;
  info: Record<string, unknown>;
}

/**
 * `POST <endpoint>/CreateOrder` (Wiki/docs.md "创建TokenPay订单"): JSON with the signed fields
 * plus `Signature`; `ActualAmount` is a JSON number, the others strings. The answer is
 * `{ success, message, data: <pay page URL>, info }` and is not signed; `success: false` carries
 * the reason in `message` (签名验证失败！, 不支持的币种…).
 */
export async function createTokenpayOrder(
  config: TokenpayConfig,
  fields: Readonly<Record<string, string>>,
): Promise<CreatedOrder> {
  const url = new URL('CreateOrder', config.endpoint.endsWith('/') ? config.endpoint : `${config.endpoint}/`);
  const body = {
    ...fields,
    // JSON.stringify writes this number back as exactly the signed text (tokenpayAmount).
    ActualAmount: Number(fields.ActualAmount),
    Signature: tokenpaySign(fields, config.apiToken),
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw badRequest('payment.tokenpay.unreachable', { endpoint: url.origin });
  }
  if (!response.ok) throw tokenpayRefused(`HTTP ${response.status}`);
  let answer: { success?: unknown; message?: unknown; data?: unknown; info?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw tokenpayRefused('the answer is not JSON');
  }
  if (answer?.success !== true) throw tokenpayRefused(String(answer?.message ?? 'success is not true'));
  if (typeof answer.data !== 'string' || !/^https?:\/\//.test(answer.data))
    throw tokenpayRefused('no payment page in the answer');
  const info = typeof answer.info === 'object' && answer.info !== null ? answer.info : {};
  return { data: answer.data, info: info as Record<string, unknown> };
}
