import {
  EDGE_PATH_VARIABLE,
  isUrlAuthHeader,
  isUrlAuthKey,
  isUrlAuthParam,
  type ContentSecureSettings,
} from '@nimbus/contract';
import { integer } from './nginx-text';
import type { CompileSite } from './types';

/*
 * The content-secure tab (URL signing, issue 20 §2): the edge's nimbus.auth checks every request
 * of the site in the rewrite phase (apps/edge/src/lua/auth.lua.ts). The site's server block says
 * how, in one variable whose value is the settings hex-encoded, so no customer text is ever
 * written into the config as text. A site without it gets nothing: the Lua reads one unset
 * variable and returns.
 *
 * A signed URL carries its token, but the cache key and the origin must see the URL without it
 * (one copy for every visitor, and purges by the plain URL still hit): the key reads
 * `$nimbus_auth_uri`/`$nimbus_auth_path`, which start as the request's own values and which
 * nimbus.auth overwrites with the URL without its token once the token is good.
 */

export const URL_AUTH_VARIABLE = 'nimbus_auth';
/** Written by nimbus.auth: the request URI / path without the token (the cache key reads them). */
export const URL_AUTH_URI_VARIABLE = 'nimbus_auth_uri';
export const URL_AUTH_PATH_VARIABLE = 'nimbus_auth_path';
/** Set to 1 by nimbus.auth once a request passed, so its internal redirects are not refused. */
export const URL_AUTH_PASS_VARIABLE = 'nimbus_auth_pass';

export const urlAuthEnabled = (site: CompileSite) => site.settings.contentSecure?.enabled === true;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

function checked<T extends string>(kind: string, value: T, ok: (v: unknown) => boolean): T {
  if (!ok(value)) throw new Error(`unsafe ${kind} for nginx: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The settings line nimbus.auth parses: `1|<type>|<ttl>|<mode>|<name>|<name2>|<key>|<backup>`,
 * every field re-checked to its contract shape (none can hold `|`), then hex-encoded.
 * A: mode q (name = parameter) or h (name = header, lower case); C: mode p, or q with the hash
 * and time parameters; B: mode -.
 */
export function urlAuthValue(s: ContentSecureSettings): string {
  const key = checked('URL signing key', s.primaryKey, isUrlAuthKey);
  const backup = s.backupKey === '' ? '' : checked('URL signing key', s.backupKey, isUrlAuthKey);
  const ttl = integer('URL signing TTL', s.ttl, 1, 31_536_000);
  let fields: string[];
  if (s.type === 'A')
    fields =
      s.tokenIn === 'header'
        ? ['h', checked('URL signing header', s.headerName, isUrlAuthHeader).toLowerCase(), '']
        : ['q', checked('URL signing parameter', s.paramName, isUrlAuthParam), ''];
  else if (s.type === 'C' && s.cForm === 'query')
    fields = [
      'q',
      checked('URL signing parameter', s.hashParam, isUrlAuthParam),
      checked('URL signing parameter', s.timeParam, isUrlAuthParam),
    ];
  else if (s.type === 'B' || s.type === 'C') fields = [s.type === 'B' ? '-' : 'p', '', ''];
  else throw new Error(`unknown URL signing type: ${JSON.stringify(s.type)}`);
  return hex(['1', s.type, String(ttl), ...fields, key, backup].join('|'));
}

/** Server-level lines of a proxied server (before any location): nothing when off. */
export function urlAuthDirectives(site: CompileSite): string[] {
  if (!urlAuthEnabled(site)) return [];
  return [
    `set $${URL_AUTH_VARIABLE} "${urlAuthValue(site.settings.contentSecure)}";`,
    // The request's own values until nimbus.auth passes it: a node whose Lua did not run keys
    // the copy by the full URL (a miss), never by something shorter that another URL shares.
    `set $${URL_AUTH_URI_VARIABLE} $request_uri;`,
    `set $${URL_AUTH_PATH_VARIABLE} $${EDGE_PATH_VARIABLE};`,
    `set $${URL_AUTH_PASS_VARIABLE} "";`,
  ];
}

/** The site's cache key read through the token-free variables (see cache.ts cacheKey). */
export function unsignedCacheKey(site: CompileSite, key: string): string {
  if (!urlAuthEnabled(site)) return key;
  return key
    .replace(/\$request_uri\b/g, `$${URL_AUTH_URI_VARIABLE}`)
    .replace(new RegExp(`\\$${EDGE_PATH_VARIABLE}\\b`, 'g'), `$${URL_AUTH_PATH_VARIABLE}`);
}
