import {
  blockRangeEdgeKey,
  type EdgeBlocklist,
  type EdgeWaf,
  type EdgeWafEvent,
  WAF_ACTIONS,
  type WafAction,
} from '@nimbus/contract';
import type { EdgeApi } from './api-client';
import type { SharedListSource } from './shared-sync';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** The control server's blocklist format (lua/blocklist.lua.ts): a head line, then a line per change. */
export function blocklistText(answer: EdgeBlocklist): string {
  const lines = [`${answer.full ? 'full' : 'delta'} ${answer.revision}`];
  for (const { range, ttl, ...scope } of answer.add)
    lines.push(`+ ${blockRangeEdgeKey(range, scope)} ${ttl} ${range}`);
  for (const { range, ...scope } of answer.remove) lines.push(`- ${blockRangeEdgeKey(range, scope)}`);
  return lines.join('\n');
}

/**
 * The control server's WAF format (lua/waf.lua.ts): every customer value travels in hex, so no
 * value can end a line or a field; `ip` values travel as the blocklist's edge keys.
 */
export function wafText(answer: EdgeWaf): string {
  const lines = [`${answer.full ? 'full' : 'delta'} ${answer.revision}`];
  for (const { siteId, rules } of answer.sites) {
    lines.push(`site ${siteId}`);
    for (const rule of rules) {
      lines.push(`rule ${rule.id} ${rule.action} ${rule.status} ${rule.seconds}`);
      for (const c of rule.conditions) {
        const values = c.values.map((v) => (c.target === 'ip' ? blockRangeEdgeKey(v) : hex(v)));
        lines.push(
          `cond ${c.target} ${c.name ? hex(c.name) : '-'} ${c.operator} ${c.negate ? 1 : 0} ${values.join(',')}`,
        );
      }
    }
  }
  for (const siteId of answer.removed) lines.push(`drop ${siteId}`);
  return lines.join('\n');
}

/** One event line of nimbus.waf's queue: time, site, rule, action, address, seconds, request. */
export function parseWafEvent(line: string): EdgeWafEvent | undefined {
  const [time, site, rule, action, clientIp, seconds, ...request] = line.split('\t');
  if (!WAF_ACTIONS.includes(action as WafAction) || request.length === 0) return undefined;
  return {
    time: Number(time),
    siteId: Number(site),
    ruleId: Number(rule),
    action: action as WafAction,
    clientIp: clientIp!.slice(0, 64),
    seconds: Number(seconds),
    // Whatever bytes a visitor sent: PostgreSQL text takes no NUL.
    request: request.join(' ').replaceAll('\0', '').slice(0, 2000),
  };
}

export const blocklistSource = (api: Pick<EdgeApi, 'blocklist'>): SharedListSource<EdgeBlocklist> => ({
  list: 'blocklist',
  fetch: (since, timeout, signal) => api.blocklist(since, timeout, signal),
  text: blocklistText,
});

export const wafSource = (api: Pick<EdgeApi, 'waf'>): SharedListSource<EdgeWaf> => ({
  list: 'waf',
  fetch: (since, timeout, signal) => api.waf(since, timeout, signal),
  text: wafText,
});

/** Block counts said twice for one range (a report the console did not take, then the next). */
export function sumByRange(hits: { range: string; count: number }[]): { range: string; count: number }[] {
  const totals = new Map<string, number>();
  for (const { range, count } of hits) totals.set(range, (totals.get(range) ?? 0) + count);
  return [...totals].map(([range, count]) => ({ range, count }));
}
