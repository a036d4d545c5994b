import {
  ResultCode,
  type ForceRedirect,
  type forceListRequestSchema,
  type forceRedirectInputSchema,
  type Page,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { writeTable } from '../../platform/db/write-table';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { customers } from '../account/account.schema';
import type { SiteRow } from '../site/site.repository';
import { forceRepository, type ListedForceRow } from './force.repository';
import {
  noSiteHook,
  ownSite,
  refuseUnlessOffered,
  reviseGroups,
  type OnSiteChanged,
} from './site-redirect.shared';

type ListRequest = z.output<typeof forceListRequestSchema>;
type SaveRequest = z.output<typeof forceRedirectInputSchema>;

export const toForceRedirect = (row: ListedForceRow): ForceRedirect => ({
  id: row.id,
  siteId: row.siteId,
  domain: row.domain,
  kind: row.kind,
  targetHost: row.targetHost,
  status: row.status,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  config: row.config,
});

/** userModuleVo.maxForceUrl, read under the customer row's lock so two saves cannot both take the last place. */
async function lockedQuota(tx: DbTx, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ max: customers.maxForceUrl })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row?.max ?? 0;
}

/** What the site must already be for this redirect to make sense on its edges. */
function checkFits(site: SiteRow, request: SaveRequest) {
  // Redirecting to HTTPS on a site the edges do not serve over HTTPS sends visitors to a dead port.
  if (request.kind === 'https' && !(site.httpsEnabled && site.certificateId !== null))
    throw badRequest('force.needsHttps', { domain: site.domain });
  if (request.kind === 'host' && request.targetHost === site.domain) throw badRequest('force.sameHost');
}

/**
 * Forced redirect (spec site/force): HTTP→HTTPS or to another host, one per site, at most
 * customers.maxForceUrl per customer (the admin sets it). Every write republishes the site's group.
 */
export function forceService(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'changes'>,
  onSiteChanged: OnSiteChanged = noSiteHook,
) {
  const { db } = ctx;
  const repo = forceRepository(db);

  async function mustOwn(customerId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.byIds(customerId, unique);
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  return {
    async list(
      customerId: number,
      request: ListRequest,
    ): Promise<Page<ForceRedirect> & { quota: { max: number; used: number } }> {
      await refuseUnlessOffered(db, customerId, 'force');
      const [{ rows, total }, used, [customer]] = await Promise.all([
        repo.list(customerId, request),
        repo.countOf(customerId),
        db.select({ max: customers.maxForceUrl }).from(customers).where(eq(customers.id, customerId)),
      ]);
      return {
        ...pageOf(rows.map(toForceRedirect), total, request),
        quota: { max: customer?.max ?? 0, used },
      };
    },

    async save(who: Principal, request: SaveRequest): Promise<ForceRedirect> {
      const customerId = who.id;
      await refuseUnlessOffered(db, customerId, 'force');
      const [before] = request.id === undefined ? [] : await mustOwn(customerId, [request.id]);
      const site = await ownSite(db, customerId, request.siteId);
      checkFits(site, request);
      const left =
        before && before.siteId !== site.id ? await ownSite(db, customerId, before.siteId) : undefined;
      const { id: _id, siteId, ...settings } = request;
      const id = await writeTable(ctx, 'sites', async (tx) => {
        const max = await lockedQuota(tx, customerId);
        const groups = await reviseGroups(tx, ctx, left ? [site, left] : [site]);
        const txRepo = forceRepository(tx);
        const taken = await txRepo.ofSite(site.id);
        if (taken && taken.id !== before?.id) throw conflict('force.onePerSite', { domain: site.domain });
        let forceId: number;
        if (before) {
          forceId = before.id;
          if (!(await txRepo.update(customerId, forceId, { ...settings, siteId }))) throw notFound();
        } else {
          if ((await txRepo.countOf(customerId)) >= max)
            throw new AppError(ResultCode.forbidden, 'force.quotaFull', { max });
          forceId = await txRepo.insert({ ...settings, customerId, siteId });
        }
        await groups.stamp(who, 'force', onSiteChanged);
        return forceId;
      }).catch((error: unknown) => {
        // Two first saves for one site at once: the later one meets the unique index.
        if (violatedUniqueConstraint(error) === 'site_force_redirects_site_unique')
          throw conflict('force.onePerSite', { domain: site.domain });
        throw error;
      });
      const [saved] = await repo.byIds(customerId, [id]);
      if (!saved) throw notFound(); // deleted again at once, by another request
      return toForceRedirect(saved);
    },

    async delete(who: Principal, ids: number[]): Promise<number> {
      const customerId = who.id;
      await refuseUnlessOffered(db, customerId, 'force');
      const rows = await mustOwn(customerId, ids);
      const siteRows = await Promise.all(
        [...new Set(rows.map((r) => r.siteId))].map((siteId) => ownSite(db, customerId, siteId)),
      );
      await writeTable(ctx, 'sites', async (tx) => {
        const groups = await reviseGroups(tx, ctx, siteRows);
        await forceRepository(tx).delete(
          customerId,
          rows.map((r) => r.id),
        );
        await groups.stamp(who, 'force', onSiteChanged);
      });
      return rows.length;
    },
  };
}
