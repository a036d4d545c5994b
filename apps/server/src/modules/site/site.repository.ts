import type { SiteConfigState } from '@nimbus/contract';
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { totalColumn, totalOf, type ListTotals } from '../../platform/db/paging';
import { statementCache } from '../../platform/db/prepared';
import { certificates } from '../certificate/certificate.schema';
import { configStateColumn, configStateFilters } from '../edge/config-state';
import { streamRules } from '../stream/stream.schema';
import { siteGroups, sites } from './site.schema';

export type SiteRow = typeof sites.$inferSelect & {
  siteGroupName: string | null;
  certificateName: string | null;
  config: SiteConfigState;
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

const STATUS: Record<NonNullable<SiteFilter['status']>, SQL> = {
  enabled: eq(sites.enabled, true),
  disabled: eq(sites.enabled, false),
  ...configStateFilters(sites, 'site'),
};
const SORT = { id: sites.id, domain: sites.domain, createdAt: sites.createdAt } as const;

const columns = {
  site: sites,
  siteGroupName: siteGroups.name,
  certificateName: certificates.name,
  config: configStateColumn(sites, 'site'),
};
const flatten = (
  row: Omit<SiteRow, keyof typeof sites.$inferSelect> & { site: typeof sites.$inferSelect },
) => {
  const { siteGroupName, certificateName, config } = row;
  return { ...row.site, siteGroupName, certificateName, config } satisfies SiteRow;
};

// The list is the customer console's busiest query: prepared per shape (values are placeholders).
const listStatements = statementCache(
  'site_list',
  (f: SiteFilter) =>
    [f.keyword ? 'k' : '', f.siteGroupId ? 'g' : '', f.status ?? '', f.sidx, f.order].join('.'),
  (db, name, f) => {
    const where = and(
      eq(sites.customerId, sql.placeholder('customerId')),
      // Domains are stored lower-case (zDomain), so a plain LIKE finds what ILIKE would, at a
      // quarter of its cost on a long list, and still uses the trigram index.
      f.keyword ? like(sites.domain, sql.placeholder('keyword')) : undefined,
      f.siteGroupId ? eq(sites.siteGroupId, sql.placeholder('siteGroupId')) : undefined,
      f.status ? STATUS[f.status] : undefined,
    );
    const sort = SORT[f.sidx];
    const page = (withTotal: boolean) =>
      db
        .select({ ...columns, total: withTotal ? totalColumn(db, sites, where) : sql<number>`0` })
        .from(sites)
        .leftJoin(siteGroups, eq(siteGroups.id, sites.siteGroupId))
        .leftJoin(certificates, eq(certificates.id, sites.certificateId))
        .where(where)
        .orderBy(f.order === 'asc' ? asc(sort) : desc(sort), desc(sites.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    return {
      pageWithTotal: page(true).prepare(`${name}:page+total`),
      page: page(false).prepare(`${name}:page`),
      count: db.select({ n: count() }).from(sites).where(where).prepare(`${name}:count`),
    };
  },
);

/** Filters whose matches change with the nodes' progress, not only with the sites. */
const NODE_STATES = new Set<SiteFilter['status']>(['applied', 'pending', 'failed']);

export function siteRepository(db: DbOrTx) {
  return {
    /** `totals`: counts kept between requests, used unless the filter is on node states. */
    async list(
      customerId: number,
      filter: SiteFilter,
      totals?: ListTotals,
    ): Promise<{ rows: SiteRow[]; total: number }> {
      const statements = listStatements(db, filter);
      const values = {
        customerId,
        keyword: likeContains((filter.keyword ?? '').toLowerCase()),
        siteGroupId: filter.siteGroupId ?? 0,
        limit: filter.limit,
        offset: (filter.page - 1) * filter.limit,
      };
      let rows: Awaited<ReturnType<typeof statements.page.execute>> | undefined;
      const countWithPage = async () => {
        rows = await statements.pageWithTotal.execute(values);
        return totalOf(rows, () => statements.count.execute(values));
      };
      const key = [customerId, filter.keyword ? values.keyword : '', values.siteGroupId, filter.status].join(
        '|',
      );
      const total =
        totals && !NODE_STATES.has(filter.status)
          ? await totals.get(key, countWithPage)
          : await countWithPage();
      rows ??= await statements.page.execute(values);
      return { rows: rows.map(flatten), total: total ?? 0 };
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
  };
}
