import { EDGE_INTERNAL_HEADERS, isReservedHeader, type HeaderRule } from '@nimbus/contract';
import { quoted } from './nginx-text';
import { STICKY_SET_VARIABLE } from './sticky';
import type { CompileSite } from './types';

/*
 * Headers, all at server level. nginx inherits `proxy_set_header` and `add_header` only into a
 * block that defines none of its own, so no location of a site ever defines one: a location
 * with a single add_header would silently drop X-Cache-Status, HSTS and the customer's headers.
 */

const NAME = /^[A-Za-z0-9_-]{1,100}$/;

function headerName(name: string): string {
  if (NAME.test(name)) return name;
  throw new Error(`unsafe header name for nginx: ${JSON.stringify(name)}`);
}

/** The customer's rules minus names the edge owns (the contract refuses them; an old row may not). */
function customerRules(rules: readonly HeaderRule[], lines: string[]): HeaderRule[] {
  return rules.filter((rule) => {
    if (!isReservedHeader(rule.name)) return true;
    lines.push(`# header ${headerName(rule.name)} left out: the edge sets it`);
    return false;
  });
}

/** `$http_<name>`: the visitor's header of that name. */
const visitorHeader = (name: string) => `$http_${name.toLowerCase().replace(/-/g, '_')}`;

/**
 * What goes to the origin: Host, the HTTP/1.1 connection (keepalive, or the WebSocket upgrade
 * through the http-level map), the visitor's address, Range when asked, and the customer's
 * headers: set replaces the visitor's, add keeps it and adds one, delete sends none. The node's
 * own control headers are always cleared, even towards an origin that is the node itself.
 */
export function requestHeaders(site: CompileSite, host: string): string[] {
  const b = site.settings.backsource;
  const lines: string[] = [];
  const rules = customerRules(b.requestHeaders, lines);
  const named = new Set(rules.map((r) => r.name.toLowerCase()));
  const ours = (name: string, value: string) =>
    named.has(name.toLowerCase()) ? [] : [`proxy_set_header ${name} ${value};`];
  lines.push(`proxy_set_header Host ${host};`, 'proxy_http_version 1.1;');
  if (site.settings.advanced.websocket)
    lines.push('proxy_set_header Upgrade $http_upgrade;', 'proxy_set_header Connection $nimbus_connection;');
  else lines.push('proxy_set_header Connection "";');
  lines.push(
    ...ours('X-Real-IP', '$remote_addr'),
    ...ours('X-Forwarded-For', '$proxy_add_x_forwarded_for'),
    ...ours('X-Forwarded-Proto', '$scheme'),
  );
  // With a cache nginx asks the origin for whole files; passing Range asks for the part.
  if (b.rangeToOrigin) lines.push(...ours('Range', '$http_range'), ...ours('If-Range', '$http_if_range'));
  for (const rule of rules) {
    const name = headerName(rule.name);
    if (rule.action === 'delete') lines.push(`proxy_set_header ${name} "";`);
    else {
      if (rule.action === 'add') lines.push(`proxy_set_header ${name} ${visitorHeader(name)};`);
      lines.push(`proxy_set_header ${name} ${quoted('header value', rule.content)};`);
    }
  }
  lines.push(...EDGE_INTERNAL_HEADERS.map((name) => `proxy_set_header ${name} "";`));
  return lines;
}

/**
 * What goes to the visitor: X-Cache-Status, the customer's headers (set hides the origin's
 * copy first, add adds one, delete hides it), HSTS on HTTPS, the browser cache policy, and the
 * cookie-keep cookie. `always`: error answers carry them too.
 */
export function responseHeaders(site: CompileSite, https: boolean): string[] {
  const a = site.settings.advanced;
  const p = site.settings.performance;
  const lines = ['add_header X-Cache-Status $upstream_cache_status always;'];
  for (const rule of customerRules(a.responseHeaders, lines)) {
    const name = headerName(rule.name);
    if (rule.action !== 'add') lines.push(`proxy_hide_header ${name};`);
    if (rule.action !== 'delete')
      lines.push(`add_header ${name} ${quoted('header value', rule.content)} always;`);
  }
  if (https && a.hsts) {
    const parts = [`max-age=${a.hstsMaxAge}`];
    if (a.hstsIncludeSubdomains) parts.push('includeSubDomains');
    if (a.hstsPreload) parts.push('preload');
    lines.push(`add_header Strict-Transport-Security "${parts.join('; ')}" always;`);
  }
  // Browser cache: `expires` rewrites Cache-Control and Expires (inherited like proxy settings);
  // none hides the origin's and says no-store.
  if (p.browserCache === 'set') lines.push(`expires ${Math.max(0, Math.trunc(p.browserTtl))}s;`);
  if (p.browserCache === 'none')
    lines.push(
      'proxy_hide_header Cache-Control;',
      'proxy_hide_header Expires;',
      'add_header Cache-Control "no-store" always;',
    );
  // Empty unless this request chose an origin for a new visitor: nginx sends no empty header.
  if (site.balance === 'cookie') lines.push(`add_header Set-Cookie $${STICKY_SET_VARIABLE} always;`);
  return lines;
}
