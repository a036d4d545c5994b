import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { messageReceipts, messages } from './message.schema';

const ANNOUNCEMENT = 2;
const PUBLISHED = 1;

export interface CustomerMessageRow {
  id: number;
  title: string;
  content: string;
  type: number;
  status: number;
  customerId: number | null;
  createdAt: Date;
  readAt: Date | null;
}

export interface AdminMessageRow {
  id: number;
  title: string;
  content: string;
  type: number;
  status: number;
  createdAt: Date;
  readCount: number;
}

/**
 * What one customer sees: their own published letters plus published announcements they have
 * not deleted. Receipts are joined for this customer only.
 */
function visibleTo(customerId: number): SQL {
  return and(
    eq(messages.status, PUBLISHED),
    or(
      eq(messages.customerId, customerId),
      and(isNull(messages.customerId), eq(messages.type, ANNOUNCEMENT)),
    ),
    isNull(messageReceipts.deletedAt),
  )!;
}

const receiptOf = (customerId: number) =>
  and(eq(messageReceipts.messageId, messages.id), eq(messageReceipts.customerId, customerId));

const customerColumns = {
  id: messages.id,
  title: messages.title,
  content: messages.content,
  type: messages.type,
  status: messages.status,
  customerId: messages.customerId,
  createdAt: messages.createdAt,
  readAt: messageReceipts.readAt,
};

export function messageRepository(db: DbOrTx) {
  function visible(customerId: number) {
    return db.select(customerColumns).from(messages).leftJoin(messageReceipts, receiptOf(customerId));
  }

  return {
    async listForCustomer(
      customerId: number,
      page: { page: number; limit: number; sidx: 'id' | 'createtime'; order: 'asc' | 'desc' },
    ): Promise<{ rows: CustomerMessageRow[]; total: number; unread: number }> {
      const direction = page.order === 'asc' ? asc : desc;
      const rows = await visible(customerId)
        .where(visibleTo(customerId))
        // Rows written in the same instant keep a stable order by id.
        .orderBy(
          ...(page.sidx === 'createtime' ? [direction(messages.createdAt)] : []),
          direction(messages.id),
        )
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
      const [totals] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${messageReceipts.readAt} is null)`.mapWith(Number),
        })
        .from(messages)
        .leftJoin(messageReceipts, receiptOf(customerId))
        .where(visibleTo(customerId));
      return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
    },

    async unreadCount(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .leftJoin(messageReceipts, receiptOf(customerId))
        .where(and(visibleTo(customerId), isNull(messageReceipts.readAt)));
      return row?.n ?? 0;
    },

    async visibleByIds(customerId: number, ids: readonly number[]): Promise<CustomerMessageRow[]> {
      return visible(customerId).where(and(visibleTo(customerId), inArray(messages.id, [...ids])));
    },

    async unreadVisibleIds(customerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .leftJoin(messageReceipts, receiptOf(customerId))
        .where(and(visibleTo(customerId), isNull(messageReceipts.readAt)));
      return rows.map((r) => r.id);
    },

    /** Upsert: the first read time is kept. */
    async markRead(customerId: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .insert(messageReceipts)
        .values(ids.map((messageId) => ({ messageId, customerId, readAt: new Date() })))
        .onConflictDoUpdate({
          target: [messageReceipts.messageId, messageReceipts.customerId],
          set: { readAt: sql`coalesce(${messageReceipts.readAt}, excluded.read_at)` },
        });
    },

    /** Hides announcements for this customer only. */
    async hideForCustomer(customerId: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .insert(messageReceipts)
        .values(ids.map((messageId) => ({ messageId, customerId, deletedAt: new Date() })))
        .onConflictDoUpdate({
          target: [messageReceipts.messageId, messageReceipts.customerId],
          set: { deletedAt: sql`excluded.deleted_at` },
        });
    },

    async deleteOwnLetters(customerId: number, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.customerId, customerId), inArray(messages.id, [...ids])))
        .returning({ id: messages.id });
      return rows.length;
    },

    async insertAnnouncement(values: {
      title: string;
      content: string;
      adminId: number;
    }): Promise<AdminMessageRow> {
      const [row] = await db
        .insert(messages)
        .values({
          title: values.title,
          content: values.content,
          type: ANNOUNCEMENT,
          status: PUBLISHED,
          createdByAdminId: values.adminId,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return {
        id: row.id,
        title: row.title,
        content: row.content,
        type: row.type,
        status: row.status,
        createdAt: row.createdAt,
        readCount: 0,
      };
    },

    /** Spec §6: the admin list keeps items with status set and type 2. */
    async listAnnouncements(filter: {
      page: number;
      limit: number;
      order: 'asc' | 'desc';
      title?: string;
    }): Promise<{ rows: AdminMessageRow[]; total: number }> {
      const where = and(
        eq(messages.type, ANNOUNCEMENT),
        eq(messages.status, PUBLISHED),
        filter.title ? ilike(messages.title, likeContains(filter.title)) : undefined,
      );
      const readCount =
        sql<number>`(select count(*) from ${messageReceipts} where ${messageReceipts.messageId} = ${messages.id} and ${messageReceipts.readAt} is not null)`.mapWith(
          Number,
        );
      const rows = await db
        .select({
          id: messages.id,
          title: messages.title,
          content: messages.content,
          type: messages.type,
          status: messages.status,
          createdAt: messages.createdAt,
          readCount,
        })
        .from(messages)
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(messages.id) : desc(messages.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(messages).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async announcementIds(ids: readonly number[]): Promise<number[]> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.type, ANNOUNCEMENT), inArray(messages.id, [...ids])));
      return rows.map((r) => r.id);
    },

    async deleteByIds(ids: readonly number[]): Promise<number> {
      const rows = await db
        .delete(messages)
        .where(inArray(messages.id, [...ids]))
        .returning({ id: messages.id });
      return rows.length;
    },
  };
}
