import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { admins, customers } from '../account/account.schema';
import { siteConfigVersions, sites } from './site.schema';

export type SiteVersionRow = typeof siteConfigVersions.$inferSelect;

/** The config history of sites (site_config_versions): appended to, never rewritten. */
export function siteHistoryRepository(db: DbOrTx) {
  return {
    /** Takes the site's next version number (the row lock orders concurrent saves). */
    async nextVersion(siteId: number): Promise<number> {
      const [row] = await db
        .update(sites)
        .set({ configVersion: sql`${sites.configVersion} + 1` })
        .where(eq(sites.id, siteId))
        .returning({ version: sites.configVersion });
      return row!.version;
    },
    async insert(values: typeof siteConfigVersions.$inferInsert) {
      await db.insert(siteConfigVersions).values(values);
    },
    async page(siteId: number, page: number, limit: number) {
      const where = eq(siteConfigVersions.siteId, siteId);
      const rows = await db
        .select()
        .from(siteConfigVersions)
        .where(where)
        .orderBy(desc(siteConfigVersions.version))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(siteConfigVersions).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async byId(siteId: number, id: number): Promise<SiteVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(siteConfigVersions)
        .where(and(eq(siteConfigVersions.siteId, siteId), eq(siteConfigVersions.id, id)));
      return row;
    },
    /** The version saved just before `version`, if any. */
    async before(siteId: number, version: number): Promise<SiteVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(siteConfigVersions)
        .where(and(eq(siteConfigVersions.siteId, siteId), lt(siteConfigVersions.version, version)))
        .orderBy(desc(siteConfigVersions.version))
        .limit(1);
      return row;
    },
    async usernames(customerId: number, adminId: number | null) {
      const [customer] = await db
        .select({ name: customers.username })
        .from(customers)
        .where(eq(customers.id, customerId));
      const [admin] =
        adminId === null
          ? []
          : await db.select({ name: admins.username }).from(admins).where(eq(admins.id, adminId));
      return { customer: customer?.name ?? `#${customerId}`, admin: admin?.name };
    },
  };
}
