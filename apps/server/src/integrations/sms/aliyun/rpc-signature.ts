import crypto from 'node:crypto';

/**
 * Aliyun RPC-style signature, version 1.0 with HMAC-SHA1 (help.aliyun.com "RPC 签名机制"):
 * sort the parameters, percent-encode them per RFC 3986, build
 * `GET&%2F&<encoded canonical query>` and sign it with `AccessKeySecret&`, base64.
 */

/** RFC 3986 encoding: only A-Z a-z 0-9 - _ . ~ stay as they are (so space → %20, * → %2A). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Sorted `key=value` pairs joined with &, the Signature parameter left out. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function rpcStringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpc(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return crypto
    .createHmac('sha1', `${accessKeySecret}&`)
    .update(rpcStringToSign(method, params), 'utf8')
    .digest('base64');
}

/** ISO 8601 UTC without milliseconds, as the API wants it: 2017-07-12T02:42:19Z. */
export function rpcTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
