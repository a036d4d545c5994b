import type crypto from 'node:crypto';
import { callFaceProvider, providerBadAnswer } from '../provider-call';
import { alipaySignContent, rsa2Sign, rsa2Verify, topLevelMembers } from './alipay-sign';

export interface AlipayKeys {
  appId: string;
  endpoint: string;
  privateKey: crypto.KeyObject;
  alipayPublicKey: crypto.KeyObject;
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time, the zone the gateway reads timestamps in (SDKs: GMT+8). */
export function alipayTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The public parameters of one call plus `biz_content`, signed (opendocs.alipay.com 公共请求参数). */
export function signedParams(
  keys: AlipayKeys,
  method: string,
  bizContent: Record<string, unknown>,
  now: Date,
): Record<string, string> {
  const params: Record<string, string> = {
    app_id: keys.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTimestamp(now),
    version: '1.0',
    biz_content: JSON.stringify(bizContent),
  };
  return { ...params, sign: rsa2Sign(alipaySignContent(params), keys.privateKey) };
}

/** A page call (`alipay.user.certify.open.certify`): the gateway URL the browser opens, signed. */
export function pageUrl(keys: AlipayKeys, method: string, bizContent: Record<string, unknown>, now: Date) {
  const url = new URL(keys.endpoint);
  for (const [name, value] of Object.entries(signedParams(keys, method, bizContent, now)))
    url.searchParams.set(name, value);
  return url.toString();
}

/** The business answer: `code` 10000 is success; others carry `sub_code`/`sub_msg`. */
export interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

/**
 * The verified content of an answer: the `<method with _>_response` member (or `error_response`)
 * checked against `sign` with Alipay's public key, exactly as received. Undefined when it is
 * missing, unsigned or does not verify: nothing unverified is ever trusted.
 */
export function verifiedAnswer(raw: string, method: string, alipayPublicKey: crypto.KeyObject) {
  const members = topLevelMembers(raw);
  const content = members?.get(`${method.replaceAll('.', '_')}_response`) ?? members?.get('error_response');
  const signText = members?.get('sign');
  if (content === undefined || signText === undefined) return undefined;
  let sign: unknown;
  let answer: unknown;
  try {
    sign = JSON.parse(signText);
    answer = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof sign !== 'string' || !rsa2Verify(content, sign, alipayPublicKey)) return undefined;
  return typeof answer === 'object' && answer !== null ? (answer as AlipayAnswer) : undefined;
}

/** A server-to-server call: the signed parameters POSTed as a form; the answer must verify. */
export async function callAlipay(
  keys: AlipayKeys,
  method: string,
  bizContent: Record<string, unknown>,
  now: Date = new Date(),
): Promise<AlipayAnswer> {
  const answer = await callFaceProvider(new URL(keys.endpoint), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(signedParams(keys, method, bizContent, now)).toString(),
  });
  const verified = verifiedAnswer(answer.text, method, keys.alipayPublicKey);
  if (!verified) throw providerBadAnswer();
  return verified;
}
