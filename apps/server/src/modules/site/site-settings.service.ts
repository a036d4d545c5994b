import {
  siteUpdateRequestSchema,
  type Page,
  type SiteConfigVersion,
  type SiteConfigVersionDetail,
  type SiteServingSettings,
  type SiteSettingsSaveRequest,
  type SiteSettingsView,
} from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, notFound } from '../../platform/http/app-error';
import { pageOf } from '../../platform/db/paging';
import { changeGroupConfig } from '../edge/config-revision';
import { siteHistoryRepository, type SiteVersionRow } from './site-history.repository';
import { recordSiteVersion, type SiteActor, type SiteSnapshot } from './site-history.service';
import { siteRepository } from './site.repository';
import { sites } from './site.schema';
import { siteService } from './site.service';
import { servingSettingsOf } from './serving-settings';

const toVersion = (row: SiteVersionRow): SiteConfigVersion => ({
  id: row.id,
  version: row.version,
  actor: row.actor,
  change: row.change,
  restoredVersion: row.restoredVersion,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The domain-admin page's serving settings (one section per tab) and the site's config history.
 * A section save and a rollback each take the node group's next revision (a publish follows) and
 * append a version, in one transaction.
 */
export function siteSettingsService(ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'changes'>) {
  const { db, jobs } = ctx;

  async function mustOwn(customerId: number, id: number) {
    const [row] = await siteRepository(db).byIds(customerId, [id]);
    if (!row) throw notFound();
    return row;
  }

  async function view(customerId: number, id: number): Promise<SiteSettingsView> {
    const row = await mustOwn(customerId, id);
    return { id, settings: servingSettingsOf(row), version: row.configVersion };
  }

  return {
    view,

    async save(actor: SiteActor, request: SiteSettingsSaveRequest & { value: unknown }) {
      const row = await mustOwn(actor.customerId, request.id);
      await writeTable(ctx, 'sites', async (tx) => {
        const revision = await changeGroupConfig(tx, jobs, row.nodeGroupId);
        await tx
          .update(sites)
          .set({
            // Replaces the one section; the others stay as saved.
            settings: sql`${sites.settings} || ${JSON.stringify({ [request.section]: request.value })}::jsonb`,
            revision,
            updatedAt: new Date(),
          })
          .where(and(eq(sites.customerId, actor.customerId), eq(sites.id, request.id)));
        await recordSiteVersion(tx, request.id, actor, request.section);
      });
      return view(actor.customerId, request.id);
    },

    async history(
      customerId: number,
      id: number,
      page: number,
      limit: number,
    ): Promise<Page<SiteConfigVersion>> {
      await mustOwn(customerId, id);
      const { rows, total } = await siteHistoryRepository(db).page(id, page, limit);
      return pageOf(rows.map(toVersion), total, { page, limit });
    },

    async version(customerId: number, id: number, versionId: number): Promise<SiteConfigVersionDetail> {
      await mustOwn(customerId, id);
      const repo = siteHistoryRepository(db);
      const row = await repo.byId(id, versionId);
      if (!row) throw notFound('siteSettings.versionNotFound');
      const previous = await repo.before(id, row.version);
      return {
        ...toVersion(row),
        snapshot: row.snapshot,
        nginx: row.nginx,
        previousSnapshot: previous?.snapshot ?? null,
        previousNginx: previous?.nginx ?? '',
      };
    },

    /**
     * Restores a version as a new one. It passes the checks of a save made now (certificate still
     * usable, ports free, origins allowed), so a rollback can never publish what a save would refuse.
     */
    async rollback(actor: SiteActor, id: number, versionId: number): Promise<SiteSettingsView> {
      const row = await mustOwn(actor.customerId, id);
      const version = await siteHistoryRepository(db).byId(id, versionId);
      if (!version) throw notFound('siteSettings.versionNotFound');
      const snapshot = version.snapshot as unknown as SiteSnapshot;
      const request = siteUpdateRequestSchema.safeParse({
        ...snapshot,
        id,
        siteGroupId: row.siteGroupId,
        enabled: row.enabled,
      });
      const settings = servingSettingsOf({
        settings: snapshot.settings as unknown as Record<string, unknown>,
      });
      if (!request.success) throw badRequest('siteSettings.versionNotRestorable');
      await siteService(ctx).update(actor.customerId, request.data, actor, {
        settings: settings as SiteServingSettings & Record<string, unknown>,
        version: version.version,
      });
      return view(actor.customerId, id);
    },
  };
}
