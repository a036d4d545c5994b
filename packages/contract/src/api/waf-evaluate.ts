import ipaddr from 'ipaddr.js';
import { canonicalBlockRange } from './blocklist';
import type { WafTarget, WafTestResult } from './waf';
import type { WafEdgeRule } from './waf-edge';

/**
 * The edge's WAF semantics (apps/edge lua/waf.lua.ts) for the console's "test this rule" box:
 * the same subjects, operators and actions, so a sample request gets the answer the edge gives.
 */
export interface WafSample {
  method: string;
  /** Decoded path without the query, as nginx's $uri. */
  path: string;
  /** The query decoded (`+` as space), as the edge reads it. */
  query: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  clientIp: string;
  /** The address's country code, looked up by the caller (the evaluator stays pure); none: ''. */
  country?: string;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** nginx's $uri: decoded, slashes merged, `.` and `..` segments resolved. */
function normalizedPath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return `/${out.join('/')}${path.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

/** A sample from the box's fields: `url` as in a request line, headers one `Name: value` a line. */
export function wafSampleOf(method: string, url: string, headerText: string, clientIp: string): WafSample {
  const [rawPath = '/', ...rest] = url.split('?');
  const headers: Record<string, string> = {};
  for (const line of headerText.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const cookies: Record<string, string> = {};
  for (const pair of (headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) cookies[pair.slice(0, eq).trim().toLowerCase()] ??= pair.slice(eq + 1).trim();
  }
  const path = normalizedPath(decode(rawPath));
  return { method, path, query: decode(rest.join('?').replace(/\+/g, ' ')), headers, cookies, clientIp };
}

function subject(sample: WafSample, target: WafTarget, name: string): string {
  const value = {
    ip: '',
    path: sample.path,
    query: sample.query,
    header: sample.headers[name],
    cookie: sample.cookies[name],
    ua: sample.headers['user-agent'],
    referer: sample.headers.referer,
    method: sample.method,
    country: sample.country,
  }[target];
  return (value ?? '').toLowerCase();
}

function ipMatches(clientIp: string, ranges: readonly string[]): boolean {
  const client = canonicalBlockRange(clientIp);
  if (!client) return false;
  const address = ipaddr.parse(client);
  return ranges.some((range) => {
    const [base, prefix] = range.includes('/')
      ? ipaddr.parseCIDR(range)
      : [ipaddr.parse(range), range.includes(':') ? 128 : 32];
    return base.kind() === address.kind() && address.match([base, prefix] as [typeof address, number]);
  });
}

function textMatches(operator: string, text: string, values: readonly string[]): boolean {
  return values.some((v) => {
    switch (operator) {
      case 'contains':
        return text.includes(v);
      case 'prefix':
        return text.startsWith(v);
      case 'suffix':
        return text.endsWith(v);
      case 'regex':
        return new RegExp(v.replace(/^\(\?i\)/, ''), 'i').test(text);
      default:
        return text === v;
    }
  });
}

/** Runs rules in order against a sample, as the edge does; `status` null means it passes. */
export function evaluateWafRules(rules: readonly WafEdgeRule[], sample: WafSample): WafTestResult {
  const matched: WafTestResult['matched'] = [];
  for (const rule of rules) {
    const holds = rule.conditions.every((c) => {
      const hit =
        c.target === 'ip'
          ? ipMatches(sample.clientIp, c.values)
          : textMatches(c.operator, subject(sample, c.target, c.name), c.values);
      return hit !== c.negate;
    });
    if (!holds) continue;
    matched.push({ ruleId: rule.id, action: rule.action });
    switch (rule.action) {
      case 'intercept':
      case 'ban':
      case 'blacklist-node':
      case 'blacklist-all':
        return { matched, outcome: { pass: false, status: 403, decidedBy: rule.id } };
      case 'code':
        return { matched, outcome: { pass: false, status: rule.status, decidedBy: rule.id } };
      case 'sensorless':
      case 'click-number':
        // A sample carries no pass cookie: the edge answers its verification page, not the origin.
        return { matched, outcome: { pass: false, status: 200, decidedBy: rule.id } };
      case 'ignore':
      case 'release':
      case 'log-release':
      case 'direct-release':
        return { matched, outcome: { pass: true, status: null, decidedBy: rule.id } };
      default:
      // suspicious, next: the next rules run
    }
  }
  return { matched, outcome: { pass: true, status: null, decidedBy: null } };
}
