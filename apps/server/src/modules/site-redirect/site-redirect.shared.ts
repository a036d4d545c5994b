import { isTurnedOff, type CustomFlag } from '@nimbus/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbOrTx, DbTx } from '../../platform/db/database';
import { forbidden, notFound } from '../../platform/http/app-error';
import { customers } from '../account/account.schema';
import { changeGroupConfig } from '../edge/config-revision';
import { normalizePaths } from '../menu/menu.service';
import { readWebConfigSection } from '../web-config/web-config.service';
import { siteRepository, type SiteRow } from '../site/site.repository';
import { sites } from '../site/site.schema';

/** What a redirect write changed of a site, as the config history names it (site_config_versions.change). */
export type RedirectChange = 'rewrite' | 'force';

/**
 * Called inside the write's transaction once for every site whose redirects it changed, after
 * the rows are written: the lead's config history records a version of the site here, so the
 * version commits (or rolls back) with the change itself.
 */
export type OnSiteChanged = (
  tx: DbTx,
  siteId: number,
  change: RedirectChange,
  by: Principal,
) => Promise<void>;
export const noSiteHook: OnSiteChanged = async () => {};

const GATES = {
  rewrite: { path: '/cdn/site/rewrite', flag: 'rewrite', refused: 'rewrite.off' },
  force: { path: '/cdn/site/force', flag: 'force', refused: 'force.off' },
} as const satisfies Record<RedirectChange, { path: string; flag: CustomFlag; refused: string }>;

/**
 * The same rule as the menu (menu.service.ts): the platform's custom flag must be above 0 and
 * the customer's unvalidModel must not name the page. A hidden menu entry alone would leave
 * the API open to anyone who knows the path.
 */
export async function refuseUnlessOffered(db: DbOrTx, customerId: number, change: RedirectChange) {
  const gate = GATES[change];
  const [[row], custom] = await Promise.all([
    db.select({ unvalidModel: customers.unvalidModel }).from(customers).where(eq(customers.id, customerId)),
    readWebConfigSection(db, 'custom'),
  ]);
  const context = { unvalidModel: normalizePaths(row?.unvalidModel ?? []), customFlags: custom };
  if (isTurnedOff({ path: gate.path, customFlag: gate.flag }, context)) throw forbidden(gate.refused);
}

/** The customer's site, or 404 (another customer's site reads as no site at all). */
export async function ownSite(db: DbOrTx, customerId: number, siteId: number): Promise<SiteRow> {
  const [row] = await siteRepository(db).byIds(customerId, [siteId]);
  if (!row) throw notFound();
  return row;
}

/**
 * Takes the next revision of each node group the sites are served by (which also locks the
 * group, ordering concurrent redirect writes of its sites) and queues its publish. Call it
 * first in the transaction; `stamp` then marks the sites with the revision so their applied
 * state follows the change.
 */
export async function reviseGroups(tx: DbTx, ctx: Pick<AppContext, 'jobs'>, siteRows: readonly SiteRow[]) {
  const revisions = new Map<number, number>();
  for (const groupId of [...new Set(siteRows.map((s) => s.nodeGroupId))].sort((a, b) => a - b))
    revisions.set(groupId, await changeGroupConfig(tx, ctx.jobs, groupId));
  return {
    async stamp(who: Principal, change: RedirectChange, hook: OnSiteChanged) {
      for (const [groupId, revision] of revisions) {
        const ids = siteRows.filter((s) => s.nodeGroupId === groupId).map((s) => s.id);
        await tx.update(sites).set({ revision, updatedAt: new Date() }).where(inArray(sites.id, ids));
      }
      for (const id of new Set(siteRows.map((s) => s.id))) await hook(tx, id, change, who);
    },
  };
}
