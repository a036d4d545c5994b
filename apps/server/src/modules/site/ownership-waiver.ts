import { and, eq, ne } from 'drizzle-orm';
import type { DbTx } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs/jobs';
import { customers } from '../account/account.schema';
import { changeGroupConfig } from '../edge/config-revision';
import { siteOwnershipRepository } from './site-ownership.repository';

/**
 * An admin waives (or requires again) the domain ownership proof for one customer, in the
 * admin's transaction: every node group serving that customer's sites republishes, since what
 * they may serve changed. Returns whether the setting changed.
 */
export async function setOwnershipWaiver(
  tx: DbTx,
  jobs: Jobs,
  customerId: number,
  waived: boolean,
): Promise<boolean> {
  const changed = await tx
    .update(customers)
    .set({ ownershipWaived: waived })
    .where(and(eq(customers.id, customerId), ne(customers.ownershipWaived, waived)))
    .returning({ id: customers.id });
  if (changed.length === 0) return false;
  for (const groupId of await siteOwnershipRepository(tx).groupsOfCustomer(customerId))
    await changeGroupConfig(tx, jobs, groupId);
  return true;
}
