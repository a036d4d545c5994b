import { EDGE_PATH_VARIABLE, type RewriteRuleSettings } from '@nimbus/contract';
import { acmeToken, block, byText, pathPattern, quoted, quotedRegex } from './nginx-text';
import type { CompileSite } from './types';

/*
 * Forced redirects (site/force) and URL forwarding (site/rewrite), answered at server level before
 * any location, so before anything is proxied or cached, in the customer's order (rewrite-module
 * directives run in the order written, the first `return` answers). `return` gives every status:
 * `rewrite`'s flags only know 301 and 302. Rules match the path as the visitor sent it (before
 * `?`, not decoded): a capture then never carries a decoded CR/LF into a Location header.
 */

const STATUSES = new Set([301, 302, 307, 308]);
const status = (value: number) => {
  if (STATUSES.has(value)) return value;
  throw new Error(`unsafe redirect status for nginx: ${value}`);
};
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * HTTP-01 answers must win over every redirect and every request check of the security tabs (a
 * certificate for a redirected or protected site is still issued): `break` ends the server's
 * rewrite directives for them, and their exact locations answer. Only the pending tokens'
 * paths: any other path under the prefix would skip the site's checks on its way to the origin.
 */
export function acmeGuard(site: CompileSite, hasChecks = false): string[] {
  if (site.acmeChallenges.length === 0) return [];
  if (!hasChecks && site.rewrites.length === 0 && site.forceRedirect?.kind !== 'host') return [];
  const tokens = [...new Set(site.acmeChallenges.map((c) => acmeToken(c.token)))].sort(byText);
  return block(`if ($uri ~ "^/\\\\.well-known/acme-challenge/(${tokens.join('|')})$")`, ['break;']);
}

/** The HTTPS upgrade on the HTTP server: forced (site/force https) or the site's own switch. */
export function httpsUpgradeStatus(site: CompileSite): number | undefined {
  if (site.forceRedirect?.kind === 'https') return status(site.forceRedirect.status);
  return site.forceHttps ? 301 : undefined;
}

/** To another host, same scheme, port (http-level $nimbus_port) and request URI, unless already there. */
export function forceHostRedirect(site: CompileSite): string[] {
  const force = site.forceRedirect;
  if (force?.kind !== 'host') return [];
  if (!HOST.test(force.targetHost))
    throw new Error(`unsafe redirect host for nginx: ${JSON.stringify(force.targetHost)}`);
  return block(`if ($host != "${force.targetHost}")`, [
    `return ${status(force.status)} $scheme://${force.targetHost}$nimbus_port$request_uri;`,
  ]);
}

/**
 * A rule's target as a `return` argument: the customer's text quoted (a `$` is literal), except
 * `$1`…`$9` of regex rules, which are the captures.
 */
function target(rule: RewriteRuleSettings, rest: string): string {
  const quote = (text: string) => {
    const parts = rule.match === 'regex' ? text.split(/(\$[1-9])/) : [text];
    return parts
      .map((part, i) => (i % 2 === 1 ? part : quoted('rewrite target', part).slice(1, -1)))
      .join('');
  };
  // A prefix rule's rest of the path goes before the target's own query, if it has one.
  const mark = rule.target.indexOf('?');
  const base = mark < 0 ? rule.target : rule.target.slice(0, mark);
  const ownQuery = mark < 0 ? '' : rule.target.slice(mark);
  // The visitor's query: appended with ? or & (http-level $nimbus_and_args when the target has one).
  const query = rule.keepQuery ? (mark >= 0 ? '$nimbus_and_args' : '$is_args$args') : '';
  return `"${quote(base)}${rest}${quote(ownQuery)}${query}"`;
}

function rewriteRule(rule: RewriteRuleSettings): string[] {
  const path = `$${EDGE_PATH_VARIABLE}`;
  const answer = (rest: string) => [`return ${status(rule.status)} ${target(rule, rest)};`];
  switch (rule.match) {
    case 'exact':
      return block(`if (${path} = ${quoted('rewrite source', rule.source)})`, answer(''));
    case 'prefix':
      // The rest of the path after the prefix is appended to the target.
      return block(
        `if (${path} ~ ${quotedRegex('rewrite source', `^${pathPattern(rule.source, false)}(.*)$`)})`,
        answer('$1'),
      );
    case 'regex':
      return block(`if (${path} ~ ${quotedRegex('rewrite source', rule.source)})`, answer(''));
  }
}

/**
 * The rules in order. A target that is a path stays on the visitor's host and scheme (nginx
 * makes it absolute with the Host the visitor sent).
 */
export const rewriteRules = (site: CompileSite) => site.rewrites.flatMap(rewriteRule);
