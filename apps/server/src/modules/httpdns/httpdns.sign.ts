import crypto from 'node:crypto';
import { HTTPDNS_SIGN_MAX_AHEAD } from '@nimbus/contract';

/**
 * Signed HTTPDNS requests, in the scheme of Aliyun's HTTPDNS "authenticated" API, which SDKs
 * already implement: the app sends its `id` (Tencent's SDKs send one too), `t` (when the link
 * expires, Unix seconds) and `s = md5("<name>-<app key>-<t>")` in lower-case hex, where name is
 * the dn/host parameter as sent. Each app has its own key (sealed at rest), so one app's key can
 * be replaced or withdrawn without touching the others, and a leaked link dies at `t`. An expiry
 * further ahead than HTTPDNS_SIGN_MAX_AHEAD is refused so links cannot live for good.
 */
export function httpdnsSignature(name: string, key: string, expiry: number | string): string {
  return crypto.createHash('md5').update(`${name}-${key}-${expiry}`).digest('hex');
}

export type SignProblem = 'missing' | 'unknownApp' | 'expired' | 'tooFarAhead' | 'mismatch';

export interface SignedParams {
  id: string | null;
  t: string | null;
  s: string | null;
}

/** Why a request's signature is not good, or undefined when it is. `now` in Unix seconds. */
export function signProblem(
  name: string,
  keys: ReadonlyMap<number, string>,
  { id, t, s }: SignedParams,
  now = Math.floor(Date.now() / 1000),
): SignProblem | undefined {
  if (!id || !t || !s || !/^\d{1,12}$/.test(t)) return 'missing';
  const key = /^\d{1,7}$/.test(id) ? keys.get(Number(id)) : undefined;
  if (key === undefined) return 'unknownApp';
  const expiry = Number(t);
  if (expiry < now) return 'expired';
  if (expiry > now + HTTPDNS_SIGN_MAX_AHEAD) return 'tooFarAhead';
  const expected = Buffer.from(httpdnsSignature(name, key, t));
  const given = Buffer.from(s.toLowerCase());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? undefined : 'mismatch';
}
