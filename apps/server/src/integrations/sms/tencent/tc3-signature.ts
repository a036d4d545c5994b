import crypto from 'node:crypto';

/**
 * Tencent Cloud API 3.0 signature, TC3-HMAC-SHA256 (cloud.tencent.com/document/api/213/30654),
 * for POST requests with a JSON body: canonical request → string to sign → key derived from
 * the date and the service → hex HMAC, put in the Authorization header.
 */
export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** Product name as in the host name, e.g. `sms`. */
  service: string;
  /** Every header that is signed, by name (any case) → value; must include content-type and host. */
  headers: Record<string, string>;
  /** Request body, signed as sent. */
  payload: string;
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number;
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  signedHeaders: string;
  signature: string;
  authorization: string;
}

const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, text: string) =>
  crypto.createHmac('sha256', key).update(text, 'utf8').digest();

/** UTC date of the timestamp: a local date would break every call made around midnight. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function signTc3(input: Tc3Input): Tc3Signature {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.trim().toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join(
    '\n',
  );

  const date = tc3Date(input.timestamp);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );

  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = crypto.createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');

  const authorization = `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signedHeaders, signature, authorization };
}
