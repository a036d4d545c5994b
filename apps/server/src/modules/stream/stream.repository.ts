import type { SiteConfigState } from '@nimbus/contract';
import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { configStateColumn } from '../edge/config-state';
import type { CompileStream } from '../edge/compiler/types';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import { streamRules } from './stream.schema';

export type StreamRow = typeof streamRules.$inferSelect;
/** A rule as the customer sees it: with how far its latest change has reached the nodes. */
export type ListedStreamRow = StreamRow & { config: SiteConfigState };
const listed = { ...getTableColumns(streamRules), config: configStateColumn(streamRules, 'stream') };

export interface StreamFilter {
  keyword?: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** A keyword that reads as a port also matches the listening port exactly. */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const byAddress = sql`exists (select 1 from jsonb_array_elements(${streamRules.origins}) o where o->>'address' ilike ${likeContains(keyword.toLowerCase())})`;
  const port = /^\d{1,5}$/.test(keyword) ? Number(keyword) : undefined;
  return port === undefined ? byAddress : or(eq(streamRules.listenPort, port), byAddress);
}

export function toCompileStream(row: StreamRow): CompileStream {
  return {
    id: row.id,
    protocol: row.protocol,
    listenPort: row.listenPort,
    balance: row.balance,
    origins: row.origins.map((o) => ({ address: o.address, port: o.port, weight: o.weight, role: o.role })),
    connectTimeoutSeconds: row.connectTimeoutSeconds,
  };
}

/** What the nodes of a group forward at layer 4: its enabled rules, in id order (deterministic bundles). */
export async function enabledStreamsOfGroup(tx: DbOrTx, groupId: number): Promise<CompileStream[]> {
  const rows = await tx
    .select()
    .from(streamRules)
    .where(and(eq(streamRules.nodeGroupId, groupId), eq(streamRules.enabled, true)))
    .orderBy(asc(streamRules.id));
  return rows.map(toCompileStream);
}

export function streamRepository(db: DbOrTx) {
  return {
    async list(
      customerId: number,
      filter: StreamFilter,
    ): Promise<{ rows: ListedStreamRow[]; total: number }> {
      const where = and(eq(streamRules.customerId, customerId), keywordWhere(filter.keyword));
      const rows = await db
        .select({ ...listed, total: totalColumn(db, streamRules, where) })
        .from(streamRules)
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(streamRules.id) : desc(streamRules.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      return {
        rows,
        total: await totalOf(rows, () => db.select({ n: count() }).from(streamRules).where(where)),
      };
    },
    async byIds(customerId: number, ids: readonly number[]): Promise<ListedStreamRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(listed)
        .from(streamRules)
        .where(and(eq(streamRules.customerId, customerId), inArray(streamRules.id, [...ids])));
    },
    async insert(values: typeof streamRules.$inferInsert): Promise<number> {
      const [row] = await db.insert(streamRules).values(values).returning({ id: streamRules.id });
      return row!.id;
    },
    async update(customerId: number, id: number, values: Partial<typeof streamRules.$inferInsert>) {
      await db
        .update(streamRules)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(streamRules.customerId, customerId), eq(streamRules.id, id)));
    },
    async delete(customerId: number, ids: readonly number[]) {
      await db
        .delete(streamRules)
        .where(and(eq(streamRules.customerId, customerId), inArray(streamRules.id, [...ids])));
    },
    /** Whether a site of the group listens on the port (HTTP or HTTPS, enabled or not). */
    async portUsedBySites(groupId: number, port: number): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.nodeGroupId, groupId),
            or(sql`${port} = any(${sites.httpPorts})`, sql`${port} = any(${sites.httpsPorts})`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Per group, the addresses its enabled nodes take connections on: IPv4, and IPv6 when set. */
    async nodeAddresses(groupIds: readonly number[]): Promise<Map<number, string[]>> {
      const byGroup = new Map<number, string[]>();
      if (groupIds.length === 0) return byGroup;
      const rows = await db
        .select({ groupId: edgeNodes.groupId, ipv4: edgeNodes.ipv4, ipv6: edgeNodes.ipv6 })
        .from(edgeNodes)
        .where(and(inArray(edgeNodes.groupId, [...new Set(groupIds)]), eq(edgeNodes.enabled, true)))
        .orderBy(asc(edgeNodes.id));
      for (const row of rows) {
        const list = byGroup.get(row.groupId) ?? [];
        list.push(...[row.ipv4, row.ipv6].filter((address) => address !== ''));
        byGroup.set(row.groupId, list);
      }
      return byGroup;
    },
  };
}
