import { isDomain, isIp, isUserAgentPattern } from '@nimbus/contract';
import { block } from './nginx-text';
import type { CompileSite } from './types';

/*
 * The application-secure tab in plain nginx (server level):
 * - IP lists through the access module (`deny` entries, then `allow` entries, then `deny all`
 *   when anything is allowed): nginx takes the first rule that matches the client address.
 * - Referer (hotlink protection) through `valid_referers` and `$invalid_referer`.
 * - User-Agent through a regex of the listed substrings, each matched literally.
 * The Referer and User-Agent checks are rewrite-module `if`s (requestChecks in site.ts): they run
 * before anything is proxied, and again in the named location that re-asks the origin for a
 * rewritten status (errors.ts), which a request reaches without the server's rewrite directives.
 */

function unsafe(kind: string, value: unknown): never {
  throw new Error(`unsafe ${kind} for nginx: ${JSON.stringify(value)}`);
}

const ipArgument = (value: string) => (isIp(value) ? value.toLowerCase() : unsafe('IP list entry', value));

/** allow/deny lines; [] when both lists are empty. */
export function ipAccess(site: CompileSite): string[] {
  const { ipAllow, ipDeny } = site.settings.applicationSecure;
  return [
    ...ipDeny.map((ip) => `deny ${ipArgument(ip)};`),
    ...ipAllow.map((ip) => `allow ${ipArgument(ip)};`),
    ...(ipAllow.length > 0 ? ['deny all;'] : []),
  ];
}

/** Whether the site restricts addresses (its ACME answers then re-open them, see site.ts). */
export const hasIpAccess = (site: CompileSite) => ipAccess(site).length > 0;

const refererHost = (value: string) =>
  isDomain(value) ? value.toLowerCase() : unsafe('referer host', value);

/** `valid_referers` for the mode; allow mode lets an empty Referer in with `none`. */
export function refererDirectives(site: CompileSite): string[] {
  const s = site.settings.applicationSecure;
  if (s.refererMode === 'off' || s.referers.length === 0) return [];
  const none = s.refererMode === 'allow' && s.refererAllowEmpty ? ['none'] : [];
  return [`valid_referers ${[...none, ...s.referers.map(refererHost)].join(' ')};`];
}

function refererChecks(site: CompileSite): string[] {
  const s = site.settings.applicationSecure;
  if (s.refererMode === 'off' || s.referers.length === 0) return [];
  if (s.refererMode === 'allow') return block('if ($invalid_referer)', ['return 403;']);
  // deny: a listed Referer is a valid one; with no Referer at all $invalid_referer is "1" too.
  return [
    ...block('if ($invalid_referer = "")', ['return 403;']),
    ...(s.refererAllowEmpty ? [] : block('if ($http_referer = "")', ['return 403;'])),
  ];
}

/**
 * A substring as a PCRE pattern matching exactly it. Letters, digits and harmless punctuation stay;
 * PCRE's metacharacters get a backslash; `"`, `#` and `` ` `` (and anything else) become `\xHH`.
 * So the pattern holds no quote, no control character and no operator of the customer's.
 */
export function literalPattern(value: string): string {
  if (!isUserAgentPattern(value)) unsafe('User-Agent entry', value);
  return [...value]
    .map((c) => {
      if (/[A-Za-z0-9 _/,:;=@~!%&'<>-]/.test(c)) return c;
      if (/[.^$|?*+()[\]{}\\]/.test(c)) return `\\${c}`;
      return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    })
    .join('');
}

/**
 * nginx reads one config token into a 4 KB buffer ("too long parameter" beyond it, measured), so
 * alternatives are grouped into regexes of at most this many characters as written.
 */
export const REGEX_TOKEN_MAX = 3000;

/** The alternatives as double-quoted nginx strings, each within REGEX_TOKEN_MAX. */
export function alternationTokens(patterns: readonly string[]): string[] {
  // In a double-quoted nginx string `\\` is one `\` (and `\n`, `\t`… would be control characters).
  const written = patterns.map((p) => p.replace(/\\/g, '\\\\'));
  const groups: string[][] = [[]];
  let length = 0;
  for (const p of written) {
    const current = groups[groups.length - 1]!;
    if (current.length > 0 && length + 1 + p.length > REGEX_TOKEN_MAX) {
      groups.push([p]);
      length = p.length;
    } else {
      current.push(p);
      length += (current.length > 1 ? 1 : 0) + p.length;
    }
  }
  return groups.map((g) => `"${g.join('|')}"`);
}

const UA_PASS_VARIABLE = '$nimbus_ua_pass';

function userAgentChecks(site: CompileSite): string[] {
  const s = site.settings.applicationSecure;
  if (s.uaMode === 'off' || s.userAgents.length === 0) return [];
  const tokens = alternationTokens(s.userAgents.map(literalPattern));
  if (s.uaMode === 'deny')
    return tokens.flatMap((t) => block(`if ($http_user_agent ~* ${t})`, ['return 403;']));
  if (tokens.length === 1) return block(`if ($http_user_agent !~* ${tokens[0]})`, ['return 403;']);
  // Allow with a list longer than one regex: any group that matches lets the request pass.
  return [
    `set ${UA_PASS_VARIABLE} "";`,
    ...tokens.flatMap((t) => block(`if ($http_user_agent ~* ${t})`, [`set ${UA_PASS_VARIABLE} 1;`])),
    ...block(`if (${UA_PASS_VARIABLE} = "")`, ['return 403;']),
  ];
}

/** The Referer and User-Agent checks (rewrite-module lines answering 403). */
export const accessChecks = (site: CompileSite) => [...refererChecks(site), ...userAgentChecks(site)];
