import { canonicalBlockRange, type BlockScope, type BlockSource } from '@nimbus/contract';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbTx } from '../../platform/db/database';
import { notifyEdgeList } from '../edge/list-signals';
import { ipBlocks } from './blocklist.schema';

/**
 * Every write to ip_blocks goes through here (admin blocks and releases; WAF and rate-limit bans
 * through `blockRanges`), so the list's two rules hold in one place: revisions commit in order,
 * and a range has at most one active row.
 */

/** Active: not released and not expired. The same condition everywhere a state is computed. */
export const activeBlock: SQL = sql`(${ipBlocks.releasedAt} is null and (${ipBlocks.expiresAt} is null or ${ipBlocks.expiresAt} > now()))`;

/**
 * The revision of this transaction's change, and the notice that wakes the edges' long-polls.
 *
 * A node asks for "rows with revision > R" and then holds the newest revision it saw. Sequence
 * numbers alone are handed out in call order, not commit order: a transaction holding 7 could
 * commit after one holding 8, and a node that read at 8 would never be sent 7. Taking the number
 * under one transaction-level advisory lock makes the writers queue: the lock is released only
 * after the holder's commit is visible, so when any revision is visible every smaller one is
 * too (or was rolled back). One number serves the whole transaction.
 */
async function takeRevision(tx: DbTx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nimbus:blocklist-revision'))`);
  // Never below a revision the rows already carry: a backup restored into a fresh database
  // brings rows numbered past the new sequence, and a change numbered below them would never
  // reach nodes that hold their revision.
  const result = await tx.execute<{ revision: string }>(
    sql`select setval('ip_blocks_revision_seq', greatest(nextval('ip_blocks_revision_seq'),
      (select coalesce(max(${ipBlocks.revision}), 0) + 1 from ${ipBlocks}))) as revision`,
  );
  await notifyEdgeList(tx, 'edge_blocklist');
  return Number(result.rows[0]!.revision);
}

export interface BlockRangesInput {
  /** Addresses or CIDR blocks; canonicalized here, so callers may pass a client's address as is. */
  ranges: readonly string[];
  /** 0 = permanent. Seconds: a ban holds for exactly as long as its rule says. */
  durationSeconds: number;
  reason: string;
  source: BlockSource;
  /** The site whose WAF or rate limit added it. */
  siteId: number | null;
  /** Which sites refuse it: the platform's (an admin's block), one customer's, or one site's. */
  scope: BlockScope;
  /** An admin's username; '' for an automatic ban. */
  createdBy: string;
}

/**
 * Blocks every range in the caller's transaction. A range already active for the same scope (the
 * platform, one customer's sites or one site) keeps its one row, taking the new reason, source, site and author and the later expiry (permanent beats any);
 * the others get a new row. Returns how many ranges are blocked.
 */
export async function blockRanges(tx: DbTx, input: BlockRangesInput): Promise<number> {
  const ranges = [
    ...new Set(
      input.ranges.map((text) => {
        const range = canonicalBlockRange(text);
        if (!range) throw new Error(`not an address or CIDR block: ${text}`);
        return range;
      }),
    ),
  ];
  if (ranges.length === 0) return 0;
  const revision = await takeRevision(tx);
  const expiresAt =
    input.durationSeconds === 0
      ? sql`null::timestamptz`
      : sql`now() + make_interval(secs => ${input.durationSeconds}::int)`;
  const fields = {
    reason: input.reason,
    source: input.source,
    siteId: input.siteId,
    customerId: input.scope.owner,
    scopeSiteId: input.scope.site,
    createdBy: input.createdBy,
    revision,
  };
  const updated = await tx
    .update(ipBlocks)
    .set({
      ...fields,
      // null (permanent) on either side wins; greatest() would skip a null.
      expiresAt: sql`case when ${ipBlocks.expiresAt} is null or ${expiresAt} is null then null
        else greatest(${ipBlocks.expiresAt}, ${expiresAt}) end`,
    })
    .where(
      and(
        inArray(ipBlocks.range, ranges),
        sql`${ipBlocks.customerId} is not distinct from ${input.scope.owner}`,
        sql`${ipBlocks.scopeSiteId} is not distinct from ${input.scope.site}`,
        activeBlock,
      ),
    )
    .returning({ range: ipBlocks.range });
  const kept = new Set(updated.map((row) => row.range));
  const fresh = ranges.filter((range) => !kept.has(range));
  if (fresh.length > 0)
    await tx.insert(ipBlocks).values(fresh.map((range) => ({ ...fields, range, expiresAt })));
  return ranges.length;
}

/** Releases the active rows matching `where` in the caller's transaction; returns how many. */
export async function releaseBlocks(tx: DbTx, where: SQL | undefined, releasedBy: string): Promise<number> {
  const revision = await takeRevision(tx);
  const released = await tx
    .update(ipBlocks)
    .set({ releasedAt: sql`now()`, releasedBy, revision })
    .where(and(where, activeBlock))
    .returning({ id: ipBlocks.id });
  return released.length;
}
