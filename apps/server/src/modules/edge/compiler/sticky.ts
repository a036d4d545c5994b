import { STICKY_VARIABLE } from './origins';
import type { CompileSite } from './types';

/** Set when a visitor without the cookie gets one (headers.ts sends it). */
export const STICKY_SET_VARIABLE = 'nimbus_lb_set';

const COOKIE_NAME = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Cookie keep: the upstream hashes `$nimbus_lb` (consistent hash), which is the visitor's cookie,
 * or for a visitor without one a fresh request id handed out as that cookie. No per-site map and
 * no shared zone: a few rewrite-module lines per server.
 */
export function stickyDirectives(site: CompileSite): string[] {
  if (site.balance !== 'cookie') return [];
  const name = site.settings.upstream.cookieName;
  if (!COOKIE_NAME.test(name)) throw new Error(`unsafe cookie name for nginx: ${JSON.stringify(name)}`);
  return [
    `set $${STICKY_VARIABLE} $cookie_${name};`,
    `set $${STICKY_SET_VARIABLE} "";`,
    `if ($${STICKY_VARIABLE} = "") {`,
    `  set $${STICKY_VARIABLE} $request_id;`,
    `  set $${STICKY_SET_VARIABLE} "${name}=$request_id; Path=/; HttpOnly";`,
    '}',
  ];
}
