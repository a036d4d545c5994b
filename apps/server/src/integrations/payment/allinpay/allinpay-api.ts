import type crypto from 'node:crypto';
import type { AllinpayConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import { allinpaySign, allinpayVerifies } from './allinpay-sign';

const TIMEOUT_MS = 15_000;

/** The stored configuration with its keys parsed once. */
export interface AllinpaySettings {
  config: AllinpayConfig;
  privateKey: crypto.KeyObject;
  allinpayPublicKey: crypto.KeyObject;
}

export const allinpayRefused = (reason: string) =>
  badRequest('payment.allinpay.refused', { reason: reason.replace(/\s+/g, ' ').trim().slice(0, 160) });

/** The answer's members as text, as they were signed (numbers as written); nested values are not. */
function textMembers(answer: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * One signed call: the fields POSTed as a UTF-8 form to the configured unified-order address, or
 * to its sibling `operation` (`close`: …/unitorder/close), the JSON answer read. `retcode` other than
 * SUCCESS is a refusal (those answers are not signed); a SUCCESS answer counts only when its
 * signature verifies with Allinpay's public key.
 */
export async function callAllinpay(
  settings: AllinpaySettings,
  fields: Readonly<Record<string, string>>,
  operation?: 'close',
): Promise<Record<string, string>> {
  const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  const url = new URL(operation ?? settings.config.endpoint, settings.config.endpoint);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ ...sent, sign: allinpaySign(sent, settings.privateKey) }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw badRequest('payment.allinpay.unreachable', { endpoint: url.origin });
  }
  if (!response.ok) throw allinpayRefused(`HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw allinpayRefused('the answer is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw allinpayRefused('the answer is not JSON');
  const answer = textMembers(parsed as Record<string, unknown>);
  if (answer.retcode !== 'SUCCESS') throw allinpayRefused(`${answer.retcode ?? ''} ${answer.retmsg ?? ''}`);
  if (!allinpayVerifies(answer, settings.allinpayPublicKey)) throw badRequest('payment.allinpay.unverified');
  return answer;
}
