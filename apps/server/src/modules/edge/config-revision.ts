import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs/jobs';
import { edgeGroups } from './edge.schema';

export const PUBLISH_JOB = 'edge_publish';

/**
 * Marks a change to what a node group serves, inside the change's transaction: takes the
 * group's next revision (the row lock orders concurrent changes by commit) and queues the
 * group's publish, which runs after the commit. Returns the revision the change carries.
 */
export async function changeGroupConfig(tx: DbOrTx, jobs: Jobs, groupId: number): Promise<number> {
  const [row] = await tx
    .update(edgeGroups)
    .set({ revision: sql`${edgeGroups.revision} + 1` })
    .where(eq(edgeGroups.id, groupId))
    .returning({ revision: edgeGroups.revision });
  // Bursts of changes (bulk edits) coalesce into one publish; one group publishes at a time.
  await jobs.add(tx, PUBLISH_JOB, { groupId }, { jobKey: `publish:${groupId}`, queue: `publish:${groupId}` });
  return row?.revision ?? 0;
}

/** A change to what every group serves (the origin allow-list, which every bundle carries). */
export async function changeEveryGroupConfig(tx: DbOrTx, jobs: Jobs): Promise<void> {
  const groups = await tx.select({ id: edgeGroups.id }).from(edgeGroups).orderBy(edgeGroups.id);
  for (const group of groups) await changeGroupConfig(tx, jobs, group.id);
}
