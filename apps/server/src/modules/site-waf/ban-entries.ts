import { BLOCKLIST_LIMITS, canonicalBlockRange, type EdgeWafEvent } from '@nimbus/contract';
import type { BlockRangesInput } from '../blocklist/blocklist-write';

/**
 * The blocklist entries a batch of events asks for: one per scope and address, for the longest
 * time asked. A ban by rule 0 is the site's rate limit (nimbus.guard); any other rule's is its WAF.
 * Addresses asked for alike go together (one write for a flood of bans from one rule).
 */
export function blocklistEntriesOf(
  events: readonly EdgeWafEvent[],
  owners: ReadonlyMap<number, number>,
): BlockRangesInput[] {
  const longest = new Map<string, BlockRangesInput>();
  for (const e of events) {
    const owner = owners.get(e.siteId)!;
    if (!canonicalBlockRange(e.clientIp) || e.seconds <= 0) continue;
    const scope =
      e.action === 'blacklist-all'
        ? { owner, site: null }
        : e.action === 'ban'
          ? { owner, site: e.siteId }
          : undefined;
    if (!scope) continue;
    const key = `${scope.owner} ${scope.site} ${e.clientIp}`;
    if (e.seconds < (longest.get(key)?.durationSeconds ?? 0)) continue;
    const rateLimit = e.action === 'ban' && e.ruleId === 0;
    longest.set(key, {
      ranges: [e.clientIp],
      // A node's word, so bounded: the longest time the blocklist takes.
      durationSeconds: Math.min(e.seconds, BLOCKLIST_LIMITS.durationMinutes * 60),
      reason: rateLimit ? 'Rate limit' : `WAF #${e.ruleId}`,
      source: rateLimit ? 'rate-limit' : 'waf',
      siteId: e.siteId,
      scope,
      createdBy: '',
    });
  }
  const alike = new Map<string, BlockRangesInput>();
  for (const entry of longest.values()) {
    const { ranges, ...rest } = entry;
    const key = JSON.stringify(rest);
    const group = alike.get(key);
    if (group) group.ranges = [...group.ranges, ...ranges];
    else alike.set(key, entry);
  }
  return [...alike.values()];
}
