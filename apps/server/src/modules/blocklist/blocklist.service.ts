import type {
  BlocklistEntry,
  blocklistBlockRequestSchema,
  blocklistConditionRequestSchema,
  BlocklistStats,
  Page,
} from '@nimbus/contract';
import { PLATFORM_SCOPE } from '@nimbus/contract';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx, DbTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { pageOf } from '../../platform/db/paging';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { admins } from '../account/account.schema';
import { blockRanges, releaseBlocks } from './blocklist-write';
import { blocklistRepository, type BlocklistFilter } from './blocklist.repository';
import { ipBlocks, type IpBlockRow } from './blocklist.schema';

type BlockRequest = z.output<typeof blocklistBlockRequestSchema>;
type Conditions = z.output<typeof blocklistConditionRequestSchema>;

/** At most this many ranges or ids are kept with an audit row. */
const AUDIT_LIST_MAX = 20;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function entryOf(
  row: IpBlockRow,
  siteDomain: string | null,
  customerName: string | null,
  state: BlocklistEntry['state'],
): BlocklistEntry {
  return {
    id: row.id,
    range: row.range,
    reason: row.reason,
    source: row.source,
    siteId: row.siteId,
    siteDomain,
    customerId: row.customerId,
    customerName,
    siteOnly: row.scopeSiteId !== null,
    createdBy: row.createdBy,
    createTime: row.createdAt.toISOString(),
    expireTime: iso(row.expiresAt),
    state,
    releasedBy: row.releasedBy,
    releaseTime: iso(row.releasedAt),
  };
}

async function usernameOf(db: DbOrTx, admin: Actor): Promise<string> {
  const [row] = await db.select({ name: admins.username }).from(admins).where(eq(admins.id, admin.id));
  return row?.name ?? '';
}

/** The admin's blocklist screen (issue 20 §3): list, block, release, conditional release, statistics. */
export function blocklistService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const repo = blocklistRepository(ctx.db);

  /** A change and its audit row in one transaction. */
  function audited<T>(
    admin: Actor,
    caller: Caller,
    action: string,
    work: (tx: DbTx, username: string) => Promise<{ result: T; detail: Record<string, unknown> }>,
  ): Promise<T> {
    return ctx.db.transaction(async (tx) => {
      const { result, detail } = await work(tx, await usernameOf(tx, admin));
      await ctx.audit.record(admin, caller.ip, { action, target: 'blocklist', detail }, tx);
      return result;
    });
  }

  return {
    async list(
      filter: BlocklistFilter,
      paging: { page: number; limit: number },
    ): Promise<Page<BlocklistEntry>> {
      const { rows, total } = await repo.list(filter, paging);
      return pageOf(
        rows.map(({ row, siteDomain, customerName, state }) => entryOf(row, siteDomain, customerName, state)),
        total,
        paging,
      );
    },

    block(request: BlockRequest, admin: Actor, caller: Caller): Promise<{ added: number }> {
      return audited(admin, caller, 'blocklist.block', async (tx, username) => {
        const added = await blockRanges(tx, {
          ranges: request.addresses,
          durationSeconds: request.durationMinutes * 60,
          reason: request.reason,
          source: 'admin',
          siteId: null,
          scope: PLATFORM_SCOPE,
          createdBy: username,
        });
        return {
          result: { added },
          detail: {
            count: added,
            ranges: request.addresses.slice(0, AUDIT_LIST_MAX),
            durationMinutes: request.durationMinutes,
            reason: request.reason,
          },
        };
      });
    },

    /** Only active entries are released; the answer counts those. */
    release(ids: number[], admin: Actor, caller: Caller): Promise<{ released: number }> {
      return audited(admin, caller, 'blocklist.release', async (tx, username) => {
        const released = await releaseBlocks(tx, inArray(ipBlocks.id, ids), username);
        return { result: { released }, detail: { count: released, ids: ids.slice(0, AUDIT_LIST_MAX) } };
      });
    },

    /** Every active entry matching all the given conditions (the schema requires one). */
    releaseWhere(conditions: Conditions, admin: Actor, caller: Caller): Promise<{ released: number }> {
      const where = and(
        conditions.reason ? ilike(ipBlocks.reason, likeContains(conditions.reason)) : undefined,
        conditions.source ? eq(ipBlocks.source, conditions.source) : undefined,
        conditions.siteId ? eq(ipBlocks.siteId, conditions.siteId) : undefined,
        conditions.olderThanHours
          ? sql`${ipBlocks.createdAt} <= now() - make_interval(hours => ${conditions.olderThanHours}::int)`
          : undefined,
      );
      // The schema refuses an empty form already; without a condition this would release all.
      if (!where) throw badRequest('blocklist.noCondition');
      return audited(admin, caller, 'blocklist.release', async (tx, username) => {
        const released = await releaseBlocks(tx, where, username);
        return { result: { released }, detail: { count: released, conditions } };
      });
    },

    async stats(hours: number): Promise<BlocklistStats> {
      const [totalBlocked, activeEntries, byReason, topAddresses] = await Promise.all([
        repo.hitsTotal(hours),
        repo.activeCount(),
        repo.hitsByReason(hours),
        repo.topRanges(hours),
      ]);
      return { hours, totalBlocked, activeEntries, byReason, topAddresses };
    },
  };
}
