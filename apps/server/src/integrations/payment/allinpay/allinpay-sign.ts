import crypto from 'node:crypto';
import { alipaySignContent } from '../../certification/alipay/alipay-sign';

/**
 * 收银宝 安全规范, "RSA(SHA1WithRSA)签名逻辑": the string is every non-empty field except `sign`,
 * sorted by name (ASCII), joined `key1=value1&key2=value2` — the same canonical string as Alipay's
 * requests, so its builder is shared. It is signed SHA1withRSA (PKCS#1 v1.5) over UTF-8 with the
 * merchant's private key, base64; answers and notifications are checked the same way with
 * Allinpay's public key (`signtype` is a signed field like any other).
 */
export const allinpaySignContent = alipaySignContent;

export function allinpaySign(
  params: Readonly<Record<string, string | undefined>>,
  privateKey: crypto.KeyObject,
): string {
  return crypto.sign('sha1', Buffer.from(allinpaySignContent(params), 'utf8'), privateKey).toString('base64');
}

export function allinpayVerifies(
  params: Readonly<Record<string, string | undefined>>,
  publicKey: crypto.KeyObject,
): boolean {
  const sign = params.sign;
  if (!sign) return false;
  try {
    return crypto.verify(
      'sha1',
      Buffer.from(allinpaySignContent(params), 'utf8'),
      publicKey,
      Buffer.from(sign, 'base64'),
    );
  } catch {
    return false;
  }
}
