import crypto, { type KeyObject } from 'node:crypto';

/**
 * WeChat Pay API v3 signatures (pay.weixin.qq.com "签名生成" / "签名验证"): SHA256 with RSA
 * (PKCS#1 v1.5), base64, over lines each ended by `\n` — the last one included.
 */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat Pay's SDKs refuse signed answers and notifications stamped more than 5 minutes off. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/** A request's: method, path with its query, timestamp (seconds), nonce, the body as sent ('' for GET). */
export const requestMessage = (
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
) => `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** An answer's or a notification's: the `Wechatpay-Timestamp` and `Wechatpay-Nonce` headers and the body. */
export const answerMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

export function rsaSign(message: string, privateKey: KeyObject): string {
  return crypto.sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

/** False for anything that is not a valid base64 signature of `message` by `publicKey`. */
export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return crypto.verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface Merchant {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** A 32-character random nonce, as the docs' example (16 random bytes in hex). */
export const newNonce = () => crypto.randomBytes(16).toString('hex').toUpperCase();

/** The `Authorization` header of one request. */
export function authorization(
  merchant: Merchant,
  request: { method: string; pathWithQuery: string; body: string },
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = newNonce(),
): string {
  const message = requestMessage(request.method, request.pathWithQuery, timestamp, nonce, request.body);
  const signature = rsaSign(message, merchant.privateKey);
  return (
    `${AUTH_SCHEME} mchid="${merchant.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/** The fields of an `Authorization` header; null unless it is WeChat Pay's scheme. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return fields;
}

/** The public key WeChat Pay signs with, and the id it names it by in `Wechatpay-Serial`. */
export interface Platform {
  serial: string;
  publicKey: KeyObject;
}

export type HeaderGetter = (name: string) => string | null | undefined;

/** Whether a timestamp (decimal seconds) is within the allowed skew of `now` (milliseconds). */
export function isFresh(timestamp: string, now = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - Math.floor(now / 1000)) <= MAX_CLOCK_SKEW_SECONDS;
}

/**
 * Whether an answer or notification carries WeChat Pay's signature over exactly this body:
 * signed by the configured key (named in `Wechatpay-Serial`), and recently — an old signed
 * message replayed later is refused.
 */
export function verifySigned(
  platform: Platform,
  header: HeaderGetter,
  body: string,
  now = Date.now(),
): boolean {
  const serial = header('wechatpay-serial');
  const timestamp = header('wechatpay-timestamp');
  const nonce = header('wechatpay-nonce');
  const signature = header('wechatpay-signature');
  if (!serial || !timestamp || !nonce || !signature) return false;
  if (serial !== platform.serial || !isFresh(timestamp, now)) return false;
  return rsaVerify(answerMessage(timestamp, nonce, body), signature, platform.publicKey);
}

/** Signature headers for an answer or notification (what WeChat Pay sends; the fake uses it). */
export function signedHeaders(
  signer: { serial: string; privateKey: KeyObject },
  body: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = newNonce(),
): Record<string, string> {
  return {
    'wechatpay-serial': signer.serial,
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(answerMessage(timestamp, nonce, body), signer.privateKey),
    'wechatpay-signature-type': AUTH_SCHEME,
  };
}
