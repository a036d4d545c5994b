import { BLOCKLIST_LIMITS, type BlockSource, type BlockState, type EdgeBlockHits } from '@nimbus/contract';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { customers } from '../account/account.schema';
import { sites } from '../site/site.schema';
import { activeBlock } from './blocklist-write';
import { ipBlockHits, ipBlocks } from './blocklist.schema';

/** An active entry as the edges hold it: its range, seconds left (0: permanent) and scope. */
export interface ScopedRange {
  range: string;
  ttl: number;
  owner: number | null;
  site: number | null;
}

export interface BlocklistFilter {
  keyword?: string;
  state?: BlockState;
  source?: BlockSource;
}

const stateOf = sql<BlockState>`case when ${ipBlocks.releasedAt} is not null then 'released'
  when ${activeBlock} then 'active' else 'expired' end`;

function stateCondition(state: BlockState): SQL {
  if (state === 'active') return activeBlock;
  if (state === 'released') return sql`${ipBlocks.releasedAt} is not null`;
  return sql`(${ipBlocks.releasedAt} is null and ${ipBlocks.expiresAt} <= now())`;
}

/** The window's start: hit rows are per minute, so a row counts when its minute lies inside. */
const windowStart = (hours: number) => sql`now() - make_interval(hours => ${hours}::int)`;

/** Whole seconds left, rounded up; 0 for a permanent entry. */
const ttlSeconds = sql<number>`coalesce(ceil(extract(epoch from (${ipBlocks.expiresAt} - now()))), 0)::int`;

export function blocklistRepository(db: DbOrTx) {
  return {
    /** Newest first (the most recently blocked), with the site's domain. */
    async list(filter: BlocklistFilter, paging: { page: number; limit: number }) {
      const keyword = filter.keyword ? likeContains(filter.keyword) : undefined;
      const where = and(
        keyword ? or(ilike(ipBlocks.range, keyword), ilike(ipBlocks.reason, keyword)) : undefined,
        filter.state ? stateCondition(filter.state) : undefined,
        filter.source ? eq(ipBlocks.source, filter.source) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            row: ipBlocks,
            siteDomain: sites.domain,
            customerName: customers.username,
            state: stateOf,
          })
          .from(ipBlocks)
          .leftJoin(sites, eq(sites.id, ipBlocks.siteId))
          .leftJoin(customers, eq(customers.id, ipBlocks.customerId))
          .where(where)
          .orderBy(desc(ipBlocks.createdAt), desc(ipBlocks.id))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit),
        db.select({ n: count() }).from(ipBlocks).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async activeCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(ipBlocks).where(activeBlock);
      return row?.n ?? 0;
    },

    async hitsTotal(hours: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${ipBlockHits.count}), 0)`.mapWith(Number) })
        .from(ipBlockHits)
        .where(sql`${ipBlockHits.minute} >= ${windowStart(hours)}`);
      return row?.n ?? 0;
    },

    /**
     * Hits in the window by the reason and source of each range's newest row: the active row
     * when there is one (writes keep a range's active row its newest), else the last one.
     */
    async hitsByReason(hours: number) {
      const result = await db.execute<{ reason: string; source: BlockSource; count: string }>(sql`
        with hits as (
          select ${ipBlockHits.range} as range, sum(${ipBlockHits.count}) as n from ${ipBlockHits}
          where ${ipBlockHits.minute} >= ${windowStart(hours)} group by ${ipBlockHits.range}
        ), newest as (
          select distinct on (b.range) b.range, b.reason, b.source from ${ipBlocks} b
          where b.range in (select range from hits) order by b.range, b.id desc
        )
        select newest.reason, newest.source, sum(hits.n) as count
        from hits join newest on newest.range = hits.range
        group by newest.reason, newest.source order by count desc, newest.reason
        limit ${BY_REASON_MAX}`);
      return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async topRanges(hours: number) {
      const n = sql<number>`sum(${ipBlockHits.count})`.mapWith(Number);
      return db
        .select({ range: ipBlockHits.range, count: n })
        .from(ipBlockHits)
        .where(sql`${ipBlockHits.minute} >= ${windowStart(hours)}`)
        .groupBy(ipBlockHits.range)
        .orderBy(desc(n), ipBlockHits.range)
        .limit(BLOCKLIST_LIMITS.statsTop);
    },

    /** The newest revision any row carries; 0 for an empty list. */
    async newestRevision(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${ipBlocks.revision}), 0)`.mapWith(Number) })
        .from(ipBlocks);
      return row?.n ?? 0;
    },

    async activeRanges(): Promise<ScopedRange[]> {
      return db
        .select({
          range: ipBlocks.range,
          ttl: ttlSeconds,
          owner: ipBlocks.customerId,
          site: ipBlocks.scopeSiteId,
        })
        .from(ipBlocks)
        .where(activeBlock);
    },

    /**
     * Each (range, scope) with a row changed after `since`, and its ttl when it is active now
     * (else null). The same range of the platform, of a customer and of a site are three entries.
     */
    async changedRanges(since: number): Promise<(Omit<ScopedRange, 'ttl'> & { ttl: number | null })[]> {
      const result = await db.execute<Omit<ScopedRange, 'ttl'> & { ttl: number | null }>(sql`
        with changed as (
          select distinct ${ipBlocks.range} as range, ${ipBlocks.customerId} as owner,
            ${ipBlocks.scopeSiteId} as site
          from ${ipBlocks} where ${ipBlocks.revision} > ${since}
        )
        select changed.range, changed.owner, changed.site, active.ttl from changed left join (
          select ${ipBlocks.range} as range, ${ipBlocks.customerId} as owner,
            ${ipBlocks.scopeSiteId} as site, ${ttlSeconds} as ttl
          from ${ipBlocks} where ${activeBlock}
        ) active on active.range = changed.range and active.owner is not distinct from changed.owner
          and active.site is not distinct from changed.site`);
      return result.rows;
    },

    /**
     * Adds a node's counts to this minute's rows. Summed per range first: one statement may not
     * update a row twice, and a batch could name a range twice.
     */
    async addHits(nodeId: number, hits: EdgeBlockHits['hits']): Promise<void> {
      if (hits.length === 0) return;
      await db.execute(sql`
        insert into ${ipBlockHits} (minute, range, node_id, count)
        select date_trunc('minute', now()), h.range, ${nodeId}, sum(h.count)
        from jsonb_to_recordset(${JSON.stringify(hits)}::jsonb) as h(range text, count bigint)
        group by h.range
        on conflict (minute, range, node_id)
        do update set count = ${ipBlockHits.count} + excluded.count`);
    },

    async pruneHits(days: number): Promise<number> {
      const result = await db.execute(
        sql`delete from ${ipBlockHits} where ${ipBlockHits.minute} < now() - make_interval(days => ${days}::int)`,
      );
      return result.rowCount ?? 0;
    },
  };
}

/** Reasons in the statistics: enough for a chart, bounded however varied automatic reasons get. */
const BY_REASON_MAX = 50;
