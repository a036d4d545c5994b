import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { certificates } from '../certificate/certificate.schema';
import { edgeNodes } from '../edge/edge.schema';
import { streamRules } from '../stream/stream.schema';
import type { NodeProgress } from './site-config-state';
import { siteGroups, sites } from './site.schema';
import { qualified } from '../../platform/db/qualified';

export type SiteRow = typeof sites.$inferSelect & {
  siteGroupName: string | null;
  certificateName: string | null;
};

export interface SiteFilter {
  keyword?: string;
  siteGroupId?: number;
  status?: 'enabled' | 'disabled' | 'applied' | 'pending' | 'failed';
  sidx: 'id' | 'domain' | 'createdAt';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

// Per-site counts over the enabled nodes of its group, for the status filters (see siteConfigState).
const groupNodes = (extra: SQL) =>
  sql`(select count(*) from ${edgeNodes} n where n.group_id = ${qualified(sites.nodeGroupId)} and n.enabled and ${extra})`;
const appliedCount = groupNodes(sql`n.applied_revision >= ${qualified(sites.revision)}`);
const failedCount = groupNodes(
  sql`n.applied_revision < ${qualified(sites.revision)} and n.failed_version > n.applied_version`,
);
const totalCount = groupNodes(sql`true`);

const STATUS: Record<NonNullable<SiteFilter['status']>, SQL> = {
  enabled: eq(sites.enabled, true),
  disabled: eq(sites.enabled, false),
  applied: sql`${appliedCount} = ${totalCount} and ${totalCount} > 0`,
  failed: sql`${failedCount} > 0`,
  pending: sql`${appliedCount} < ${totalCount} and ${failedCount} = 0`,
};
const SORT = { id: sites.id, domain: sites.domain, createdAt: sites.createdAt } as const;

export function siteRepository(db: DbOrTx) {
  const columns = { site: sites, siteGroupName: siteGroups.name, certificateName: certificates.name };
  const flatten = (row: {
    site: typeof sites.$inferSelect;
    siteGroupName: string | null;
    certificateName: string | null;
  }): SiteRow => ({ ...row.site, siteGroupName: row.siteGroupName, certificateName: row.certificateName });

  return {
    async list(customerId: number, filter: SiteFilter): Promise<{ rows: SiteRow[]; total: number }> {
      const where = and(
        eq(sites.customerId, customerId),
        filter.keyword ? ilike(sites.domain, likeContains(filter.keyword.toLowerCase())) : undefined,
        filter.siteGroupId ? eq(sites.siteGroupId, filter.siteGroupId) : undefined,
        filter.status ? STATUS[filter.status] : undefined,
      );
      const sort = SORT[filter.sidx];
      const rows = await db
        .select(columns)
        .from(sites)
        .leftJoin(siteGroups, eq(siteGroups.id, sites.siteGroupId))
        .leftJoin(certificates, eq(certificates.id, sites.certificateId))
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(sort) : desc(sort), desc(sites.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(sites).where(where);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },
    async byIds(customerId: number, ids: readonly number[]): Promise<SiteRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(sites)
        .leftJoin(siteGroups, eq(siteGroups.id, sites.siteGroupId))
        .leftJoin(certificates, eq(certificates.id, sites.certificateId))
        .where(and(eq(sites.customerId, customerId), inArray(sites.id, [...ids])));
      return rows.map(flatten);
    },
    async takenDomains(domains: readonly string[]): Promise<string[]> {
      if (domains.length === 0) return [];
      const rows = await db
        .select({ domain: sites.domain })
        .from(sites)
        .where(inArray(sites.domain, [...domains]));
      return rows.map((r) => r.domain);
    },
    async insert(values: (typeof sites.$inferInsert)[]) {
      return db.insert(sites).values(values).returning({ id: sites.id });
    },
    async update(customerId: number, id: number, values: Partial<typeof sites.$inferInsert>) {
      await db
        .update(sites)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(sites.customerId, customerId), eq(sites.id, id)));
    },
    async delete(customerId: number, ids: readonly number[]) {
      await db.delete(sites).where(and(eq(sites.customerId, customerId), inArray(sites.id, [...ids])));
    },
    /**
     * The first port of `ports` that another site of the group uses with the other scheme
     * (HTTPS sites' ports for `kind` http, plain ports for `kind` https), if any.
     */
    async portOfOtherScheme(
      groupId: number,
      exceptSiteId: number,
      kind: 'http' | 'https',
      ports: readonly number[],
    ) {
      if (ports.length === 0) return undefined;
      const list = sql.join(
        ports.map((p) => sql`${p}`),
        sql`, `,
      );
      const clash =
        kind === 'http'
          ? sql`${sites.httpsEnabled} and ${sites.httpsPorts} && array[${list}]::integer[]`
          : sql`${sites.httpPorts} && array[${list}]::integer[]`;
      const [row] = await db
        .select({ http: sites.httpPorts, https: sites.httpsPorts })
        .from(sites)
        .where(and(eq(sites.nodeGroupId, groupId), sql`${sites.id} <> ${exceptSiteId}`, clash))
        .limit(1);
      if (!row) return undefined;
      const theirs = kind === 'http' ? row.https : row.http;
      return ports.find((p) => theirs.includes(p));
    },
    /** The first of `ports` a forwarding rule of the group listens on, if any. */
    async portOfForwarding(groupId: number, ports: readonly number[]) {
      if (ports.length === 0) return undefined;
      const [row] = await db
        .select({ port: streamRules.listenPort })
        .from(streamRules)
        .where(and(eq(streamRules.nodeGroupId, groupId), inArray(streamRules.listenPort, [...ports])))
        .limit(1);
      return row?.port;
    },
    /** Enabled nodes of these groups, with what they run. */
    async nodeProgress(groupIds: readonly number[]): Promise<NodeProgress[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({
          name: edgeNodes.name,
          groupId: edgeNodes.groupId,
          appliedVersion: edgeNodes.appliedVersion,
          appliedRevision: edgeNodes.appliedRevision,
          failedVersion: edgeNodes.failedVersion,
          lastError: edgeNodes.lastError,
        })
        .from(edgeNodes)
        .where(and(inArray(edgeNodes.groupId, [...new Set(groupIds)]), eq(edgeNodes.enabled, true)))
        .orderBy(asc(edgeNodes.id));
    },
  };
}
