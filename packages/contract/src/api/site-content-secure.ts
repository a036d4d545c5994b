import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { isReservedHeader, ONE_YEAR_SECONDS } from './site-setting-fields';

/*
 * The domain-admin tab content-secure (issue 20 §2): URL signing ("URL authentication") as the
 * common CDNs do it, Aliyun CDN's types A, B and C being the reference, verified on the edge by
 * nimbus.auth (apps/edge/src/lua/auth.lua.ts). The formulas live here once: the tab's link
 * generator and the tests sign with them, the edge checks the same text.
 *
 *   A  /path?auth_key=<ts>-<rand>-<uid>-<md5("/path-<ts>-<rand>-<uid>-<key>")>   ts: Unix seconds
 *   B  /<YYYYMMDDHHMM>/<md5(key + YYYYMMDDHHMM + "/path")>/path          time: UTC+8 (Beijing)
 *   C  /<md5(key + "/path" + HEX)>/<HEX>/path  or  /path?KEY1=<md5>&KEY2=<HEX>   HEX: Unix s, hex
 *
 * The time written is when the link was signed; it expires TTL seconds later (B: counted from
 * the minute written). The path is signed as sent on the wire (percent-encoded, no query).
 * Expired and wrong links both answer 403.
 */

export const URL_AUTH_TYPES = ['A', 'B', 'C'] as const;
export type UrlAuthType = (typeof URL_AUTH_TYPES)[number];
/** Type A: the token as a query parameter, or in a request header the customer names. */
export const URL_AUTH_TOKEN_PLACES = ['query', 'header'] as const;
/** Type C: hash and time as the first two path segments, or as two query parameters. */
export const URL_AUTH_C_FORMS = ['path', 'query'] as const;

export const CONTENT_SECURE_LIMITS = {
  keyMin: 6,
  keyMax: 32,
  ttlMin: 1,
  ttlMax: ONE_YEAR_SECONDS,
  nameMax: 64,
} as const;

/** B's time zone: Aliyun writes B's time as Beijing time, UTC+8. */
export const URL_AUTH_B_OFFSET_SECONDS = 8 * 3600;

/** A key: 6–32 letters or digits (Aliyun's rule), so it needs no escaping anywhere. */
export const isUrlAuthKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9]{6,32}$/.test(value);
/** A query parameter name: what nginx's `$arg_<name>` can name too. */
export const isUrlAuthParam = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(value);
/**
 * A header name for the token: letters, digits and inner hyphens (no `_`, which nginx drops by
 * default), not a header the connection or the edge owns, nor one the request cannot do without.
 */
export const URL_AUTH_HEADER_REFUSED = ['cookie', 'authorization', 'referer', 'user-agent', 'range'];
export const isUrlAuthHeader = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[A-Za-z](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/.test(value) &&
  !isReservedHeader(value) &&
  !URL_AUTH_HEADER_REFUSED.includes(value.toLowerCase()) &&
  !value.toLowerCase().startsWith('x-forwarded-');

const name = (fallback: string, message: string) => z.string({ message }).trim().default(fallback);

export const contentSecureSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    type: z.enum(URL_AUTH_TYPES, { message: 'validation.invalid' }).default('A'),
    /** Signs new links; a link signed with it or with the backup key passes. */
    primaryKey: z.string({ message: 'contentSecure.key' }).trim().default(''),
    /** For rotation: '' = none. */
    backupKey: z.string({ message: 'contentSecure.key' }).trim().default(''),
    /** Seconds a link lives after the time written in it. */
    ttl: z.coerce
      .number({ message: 'contentSecure.ttl' })
      .int({ message: 'contentSecure.ttl' })
      .min(CONTENT_SECURE_LIMITS.ttlMin, { message: 'contentSecure.ttl' })
      .max(CONTENT_SECURE_LIMITS.ttlMax, { message: 'contentSecure.ttl' })
      .default(1800),
    tokenIn: z.enum(URL_AUTH_TOKEN_PLACES, { message: 'validation.invalid' }).default('query'),
    /** A's query parameter. */
    paramName: name('auth_key', 'contentSecure.param'),
    /** A's header when tokenIn is header. */
    headerName: name('', 'contentSecure.header'),
    cForm: z.enum(URL_AUTH_C_FORMS, { message: 'validation.invalid' }).default('path'),
    /** C's query form: the hash's and the time's parameters (Aliyun's KEY1 and KEY2). */
    hashParam: name('KEY1', 'contentSecure.param'),
    timeParam: name('KEY2', 'contentSecure.param'),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (s.enabled && s.primaryKey === '') issue('primaryKey', 'contentSecure.keyRequired');
    else if (s.primaryKey !== '' && !isUrlAuthKey(s.primaryKey)) issue('primaryKey', 'contentSecure.key');
    if (s.backupKey !== '' && !isUrlAuthKey(s.backupKey)) issue('backupKey', 'contentSecure.key');
    else if (s.backupKey !== '' && s.backupKey === s.primaryKey)
      issue('backupKey', 'contentSecure.backupSame');
    for (const field of ['paramName', 'hashParam', 'timeParam'] as const)
      if (!isUrlAuthParam(s[field])) issue(field, 'contentSecure.param');
    if (s.hashParam.toLowerCase() === s.timeParam.toLowerCase())
      issue('timeParam', 'contentSecure.paramSame');
    if (s.headerName !== '' && !isUrlAuthHeader(s.headerName)) issue('headerName', 'contentSecure.header');
    else if (s.type === 'A' && s.tokenIn === 'header' && s.headerName === '')
      issue('headerName', 'contentSecure.header');
  });
export type ContentSecureSettings = z.output<typeof contentSecureSettingsSchema>;

// ---- signing ---------------------------------------------------------------------------------

const hex = (text: string) => bytesToHex(md5(utf8ToBytes(text)));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** B's time: YYYYMMDDHHMM in Beijing time (UTC+8), whatever the signer's own zone. */
export function beijingMinute(unixSeconds: number): string {
  const d = new Date((unixSeconds + URL_AUTH_B_OFFSET_SECONDS) * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}

/**
 * A path as the edge sees it on the wire: what a browser would percent-encode (Chinese, spaces,
 * `#`) is encoded, and an existing `%XX` is kept, so the signed text is the text sent.
 */
export function wirePath(path: string): string {
  return path
    .replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%?]/gu, (c) => encodeURIComponent(c))
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
}

export interface UrlAuthSignOptions {
  /** A's rand: letters and digits, '0' when unused (Aliyun). */
  rand?: string;
  /** A's uid: letters and digits, '0' when unused. */
  uid?: string;
  /** Sign with the backup key (rotation) instead of the primary. */
  key?: 'primary' | 'backup';
}

export interface SignedRequest {
  /** Path and query to request. */
  url: string;
  /** Type A in header mode: the header to send with it. */
  header?: { name: string; value: string };
}

/**
 * A signed request for `path` (starting with `/`, may carry its own `?query`), signed at
 * `timestamp` (Unix seconds): it expires at urlAuthExpiry(settings, timestamp).
 */
export function signRequest(
  settings: ContentSecureSettings,
  path: string,
  timestamp: number,
  options: UrlAuthSignOptions = {},
): SignedRequest {
  if (!path.startsWith('/')) throw new Error('a signed path starts with /');
  const key = options.key === 'backup' ? settings.backupKey : settings.primaryKey;
  const mark = path.indexOf('?');
  const file = wirePath(mark < 0 ? path : path.slice(0, mark));
  const query = mark < 0 ? '' : wirePath(path.slice(mark + 1));
  const wire = query === '' ? file : `${file}?${query}`;
  const withArgs = (args: string) => `${file}?${query === '' ? '' : `${query}&`}${args}`;
  const tail = query === '' ? '' : `?${query}`;
  const ts = Math.floor(timestamp);
  switch (settings.type) {
    case 'A': {
      const rand = options.rand ?? '0';
      const uid = options.uid ?? '0';
      const token = `${ts}-${rand}-${uid}-${hex(`${file}-${ts}-${rand}-${uid}-${key}`)}`;
      if (settings.tokenIn === 'header')
        return { url: wire, header: { name: settings.headerName, value: token } };
      return { url: withArgs(`${settings.paramName}=${token}`) };
    }
    case 'B': {
      const stamp = beijingMinute(ts);
      return { url: `/${stamp}/${hex(`${key}${stamp}${file}`)}${file}${tail}` };
    }
    case 'C': {
      const time = ts.toString(16).toUpperCase();
      const hash = hex(`${key}${file}${time}`);
      if (settings.cForm === 'query')
        return { url: withArgs(`${settings.hashParam}=${hash}&${settings.timeParam}=${time}`) };
      return { url: `/${hash}/${time}${file}${tail}` };
    }
  }
}

/** The signed path and query (signRequest's url; type A in header mode needs its header too). */
export const signUrl = (
  settings: ContentSecureSettings,
  path: string,
  timestamp: number,
  rand?: string,
  uid?: string,
) => signRequest(settings, path, timestamp, { rand, uid }).url;

/** When a link signed at `timestamp` stops passing (B counts from the minute it writes). */
export const urlAuthExpiry = (settings: ContentSecureSettings, timestamp: number) =>
  (settings.type === 'B' ? Math.floor(timestamp / 60) * 60 : Math.floor(timestamp)) + settings.ttl;
