import type pg from 'pg';
import type { AnalyticsStore } from './analytics-store';
import { batchLines, keptTime, type LogBatchInput } from './log-ingest.service';
import { parseStreamLogLine, type LoggedSession, type StoredSession } from './stream-log-line';

/**
 * Takes a node's batch of layer-4 session lines: unpacks, parses, keeps the sessions of rules the
 * node's group forwards (a rule id of another group, or one deleted since, is skipped and
 * counted: a node cannot write into another customer's figures), stamps each with its rule's
 * customer, and stores it once (batch id).
 */
export function streamIngestService(pool: pg.Pool, store: AnalyticsStore, keepDays: () => Promise<number>) {
  async function ownersOf(nodeId: number, ruleIds: Set<number>): Promise<Map<number, number>> {
    if (ruleIds.size === 0) return new Map();
    const { rows } = await pool.query<{ id: number; customer_id: number }>(
      `SELECT r.id, r.customer_id FROM stream_rules r JOIN edge_nodes n ON n.group_id = r.node_group_id
        WHERE n.id = $1 AND r.id = ANY($2)`,
      [nodeId, [...ruleIds]],
    );
    return new Map(rows.map((r) => [r.id, r.customer_id]));
  }

  return {
    async ingest(input: LogBatchInput): Promise<{ stored: boolean; lines: number; skipped: number }> {
      const lines = await batchLines(input);
      const parsed = lines.map(parseStreamLogLine).filter((s): s is LoggedSession => s !== null);
      const owners = await ownersOf(input.nodeId, new Set(parsed.map((s) => s.ruleId)));
      const kept = keptTime(await keepDays());
      const sessions: StoredSession[] = [];
      for (const s of parsed) {
        const customerId = owners.get(s.ruleId);
        if (customerId !== undefined && kept(s.at)) sessions.push({ ...s, nodeId: input.nodeId, customerId });
      }
      const skipped = lines.length - sessions.length;
      const outcome = await store.ingestStreams({
        nodeId: input.nodeId,
        batchId: input.batchId,
        dropped: input.dropped,
        skipped,
        sessions,
      });
      return { stored: outcome === 'stored', lines: sessions.length, skipped };
    },
  };
}
