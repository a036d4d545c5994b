import type { EdgeWaf, EdgeWafEvent } from '@nimbus/contract';
import type { Db } from '../../platform/db/database';
import { blockRanges } from '../blocklist/blocklist-write';
import { blocklistEntriesOf } from './ban-entries';
import type { ListSignals } from '../edge/list-signals';
import { siteWafRepository } from './site-waf.repository';
import { edgeRulesOf } from './site-waf.service';

/** Even with a live notification feed, a waiting poll looks at the database this often. */
const RECHECK_MS = 5_000;

export interface WafNode {
  id: number;
  groupId: number;
}

/** What the edges ask of the WAF (ADR 0039): their sites' rule sets by long-poll, and events. */
export function siteWafEdgeService(db: Db, signals: ListSignals) {
  /** One snapshot: the revision and the rules read with it agree. */
  function answer(node: WafNode, since: number): Promise<EdgeWaf> {
    return db.transaction(
      async (tx) => {
        const repo = siteWafRepository(tx);
        const revision = await repo.newestRevision();
        const full = since === 0 || since > revision;
        const changed = full ? [] : await repo.changedSites(node.groupId, since);
        const rows = await repo.enabledRules(
          node.groupId,
          full ? undefined : changed.filter((c) => c.exists).map((c) => c.siteId),
        );
        const bySite = new Map<number, typeof rows>();
        for (const row of rows) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row]);
        const sites = [...bySite].map(([siteId, siteRows]) => ({ siteId, rules: edgeRulesOf(siteRows) }));
        const removed = full ? [] : changed.map((c) => c.siteId).filter((id) => !bySite.has(id));
        return { revision, full, sites, removed };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    /** Answers once the newest revision differs from `since` (at once when timeout is 0), else at the deadline. */
    async changes(
      node: WafNode,
      since: number,
      timeoutSeconds: number,
      abort: AbortSignal,
    ): Promise<EdgeWaf> {
      const deadline = Date.now() + timeoutSeconds * 1000;
      for (;;) {
        const left = deadline - Date.now();
        const heard = signals.heard;
        const newest = await siteWafRepository(db).newestRevision();
        if (newest !== since || left <= 0 || abort.aborted) return answer(node, since);
        await signals.wait(Math.min(left, RECHECK_MS), heard, abort);
      }
    },

    /**
     * Keeps the events of the node's own sites (a node reports for nothing else), and puts on the
     * blocklist what must hold on every node: an address a rule blacklisted on all nodes, for
     * the rule owner's sites only (a customer's rule never closes another tenant's sites), and a
     * WAF or rate-limit ban, for its site only.
     */
    async events(node: WafNode, events: readonly EdgeWafEvent[]): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = siteWafRepository(tx);
        const owners = await repo.siteOwnersOfNode(node.id, [...new Set(events.map((e) => e.siteId))]);
        const kept = events.filter((e) => owners.has(e.siteId));
        if (kept.length === 0) return;
        await repo.insertEvents(
          kept.map((e) => ({
            siteId: e.siteId,
            ruleId: e.ruleId,
            nodeId: node.id,
            action: e.action,
            clientIp: e.clientIp,
            request: e.request,
            at: new Date(Math.min(e.time * 1000, Date.now())),
          })),
        );
        for (const entry of blocklistEntriesOf(kept, owners)) await blockRanges(tx, entry);
      });
    },
  };
}
