import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { purgeTaskNodes, purgeTasks } from './purge.schema';

/** Stamps the task finished once no node still has work of it pending. */
export async function finishTaskIfComplete(tx: DbOrTx, taskId: number): Promise<void> {
  await tx
    .update(purgeTasks)
    .set({ finishedAt: new Date() })
    .where(
      and(
        eq(purgeTasks.id, taskId),
        isNull(purgeTasks.finishedAt),
        sql`not exists (select 1 from ${purgeTaskNodes} where ${purgeTaskNodes.taskId} = ${taskId} and ${purgeTaskNodes.state} = 'pending')`,
      ),
    );
}
