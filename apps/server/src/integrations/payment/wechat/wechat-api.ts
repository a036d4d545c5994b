import { badRequest } from '../../../platform/http/app-error';
import { authorization, verifySigned, type Merchant, type Platform } from './wechat-sign';

const TIMEOUT_MS = 15_000;

export interface WechatPayClient {
  endpoint: string;
  merchant: Merchant;
  platform: Platform;
}

/** WeChat Pay answers failures with a 4xx/5xx status and `{ code, message }`. */
function failureReason(status: number, text: string): string {
  try {
    const answer = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof answer.code === 'string')
      return `${answer.code} ${String(answer.message ?? '')}`.trim().slice(0, 160);
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return `HTTP ${status}`;
}

/**
 * One signed API v3 call. A successful answer counts only when WeChat Pay's signature over it
 * verifies ("没有携带签名的成功应答…应认为是伪造或被篡改的应答"). `Wechatpay-Serial` names the
 * key we verify with, so an account moving from platform certificates to the WeChat Pay public
 * key gets answers signed by the one configured.
 */
export async function callWechatPay(
  client: WechatPayClient,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<Record<string, unknown>> {
  const url = new URL(path, client.endpoint);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const auth = authorization(client.merchant, { method, pathWithQuery: url.pathname + url.search, body });
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      body: method === 'GET' ? undefined : body,
      headers: {
        authorization: auth,
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'Nimbus-WechatPay/1.0',
        'wechatpay-serial': client.platform.serial,
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw badRequest('payment.wechat.unreachable', { endpoint: url.origin });
  }
  if (!response.ok)
    throw badRequest('payment.wechat.refused', { reason: failureReason(response.status, text) });
  if (!verifySigned(client.platform, (name) => response.headers.get(name), text))
    throw badRequest('payment.wechat.unverified');
  try {
    const answer: unknown = JSON.parse(text);
    if (typeof answer === 'object' && answer !== null) return answer as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw badRequest('payment.wechat.refused', { reason: 'the answer is not JSON' });
}
