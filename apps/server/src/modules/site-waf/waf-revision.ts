import { sql } from 'drizzle-orm';
import type { DbTx } from '../../platform/db/database';
import { notifyEdgeList } from '../edge/list-signals';
import { siteWafRevisions } from './site-waf.schema';

/**
 * Marks a site's rule set changed, as the last step of the transaction that changed it. The
 * revision is taken under one advisory lock, held to the commit, so revisions become visible in
 * the order they are numbered and a node asking for "after R" never skips one (as the
 * blocklist's, ADR 0039); never below one the rows carry, for a database restored from a backup.
 */
export async function markWafChanged(tx: DbTx, siteId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nimbus:waf-revision'))`);
  const result = await tx.execute<{ revision: string }>(
    sql`select setval('waf_revision_seq', greatest(nextval('waf_revision_seq'),
      (select coalesce(max(${siteWafRevisions.revision}), 0) + 1 from ${siteWafRevisions}))) as revision`,
  );
  const revision = Number(result.rows[0]!.revision);
  await tx
    .insert(siteWafRevisions)
    .values({ siteId, revision })
    .onConflictDoUpdate({ target: siteWafRevisions.siteId, set: { revision } });
  await notifyEdgeList(tx, 'edge_waf');
}
