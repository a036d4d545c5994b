import type { SiteGroup } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { writeTable } from '../../platform/db/write-table';
import { conflict, notFound } from '../../platform/http/app-error';
import { siteGroupRepository } from './site-group.repository';

/** A customer's own site groups: a way to sort sites, nothing the edge sees. */
export function siteGroupService(ctx: Pick<AppContext, 'db' | 'changes'>) {
  const repo = siteGroupRepository(ctx.db);
  const nameTaken = (error: unknown) => {
    if (violatedUniqueConstraint(error) === 'site_groups_customer_name_unique')
      throw conflict('site.groupNameTaken');
    throw error;
  };

  return {
    async list(customerId: number): Promise<SiteGroup[]> {
      const rows = await repo.list(customerId);
      return rows.map(({ group, siteCount }) => ({
        id: group.id,
        name: group.name,
        remark: group.remark,
        siteCount,
        createdAt: group.createdAt.toISOString(),
      }));
    },
    async save(
      customerId: number,
      request: { id?: number; name: string; remark: string },
    ): Promise<SiteGroup> {
      const values = { name: request.name, remark: request.remark };
      const id = request.id
        ? await repo
            .update(customerId, request.id, values)
            .then((found) => (found ? request.id! : undefined), nameTaken)
        : await repo.insert(customerId, values).catch(nameTaken);
      if (!id) throw notFound();
      return (await this.list(customerId)).find((g) => g.id === id)!;
    },
    async delete(customerId: number, id: number): Promise<void> {
      // Its sites leave the group (ON DELETE SET NULL): counts by group change too.
      const deleted = await writeTable(ctx, 'sites', (tx) => siteGroupRepository(tx).delete(customerId, id));
      if (!deleted) throw notFound();
    },
    /** All or nothing: a site or group that is not the customer's answers 404 and nothing moves. */
    async assign(customerId: number, groupId: number | null, siteIds: number[]): Promise<number> {
      return writeTable(ctx, 'sites', async (tx) => {
        const txRepo = siteGroupRepository(tx);
        if (groupId !== null && !(await txRepo.owned(customerId, groupId))) throw notFound();
        const changed = await txRepo.assign(customerId, groupId, siteIds);
        if (changed !== new Set(siteIds).size) throw notFound();
        return changed;
      });
    },
  };
}
