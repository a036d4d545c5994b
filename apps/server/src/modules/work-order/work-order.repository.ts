import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { admins, customers } from '../account/account.schema';
import { workOrderImages, workOrderPosts, workOrders } from './work-order.schema';

export interface WorkOrderFilter {
  /** A customer sees only their own; admins pass none. */
  customerId?: number;
  status?: number;
  /** Part of the number or title. */
  keyword?: string;
  /** Part of the customer's username (admin). */
  username?: string;
  /** An admin's id, or 'none' for work orders nobody has taken. */
  assignee?: number | 'none';
}

const assigneeAdmin = alias(admins, 'assignee');

const rowColumns = {
  id: workOrders.id,
  number: workOrders.number,
  customerId: workOrders.customerId,
  category: workOrders.category,
  siteId: workOrders.siteId,
  siteDomain: workOrders.siteDomain,
  title: workOrders.title,
  contact: workOrders.contact,
  status: workOrders.status,
  assigneeId: workOrders.assigneeId,
  lastReplyBy: workOrders.lastReplyBy,
  rating: workOrders.rating,
  resolved: workOrders.resolved,
  feedback: workOrders.feedback,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
  username: customers.username,
  assignee: assigneeAdmin.username,
};

function conditions(filter: WorkOrderFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.customerId !== undefined) where.push(eq(workOrders.customerId, filter.customerId));
  if (filter.keyword) {
    const pattern = likeContains(filter.keyword);
    where.push(or(ilike(workOrders.number, pattern), ilike(workOrders.title, pattern))!);
  }
  if (filter.username) where.push(ilike(customers.username, likeContains(filter.username)));
  if (filter.assignee === 'none') where.push(isNull(workOrders.assigneeId));
  else if (filter.assignee !== undefined) where.push(eq(workOrders.assigneeId, filter.assignee));
  return where;
}

export function workOrderRepository(db: DbOrTx) {
  const withNames = () =>
    db
      .select(rowColumns)
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .leftJoin(assigneeAdmin, eq(assigneeAdmin.id, workOrders.assigneeId));

  return {
    async page(filter: WorkOrderFilter, paging: { page: number; limit: number; order: 'asc' | 'desc' }) {
      const base = conditions(filter);
      const where = and(
        ...base,
        ...(filter.status === undefined ? [] : [eq(workOrders.status, filter.status)]),
      );
      const direction = paging.order === 'asc' ? asc : desc;
      const [rows, [total], counts] = await Promise.all([
        withNames()
          .where(where)
          .orderBy(direction(workOrders.id))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit),
        db
          .select({ n: count() })
          .from(workOrders)
          .innerJoin(customers, eq(customers.id, workOrders.customerId))
          .where(where),
        // Per status under the same filter, status aside: the tabs' counts.
        db
          .select({ status: workOrders.status, n: count() })
          .from(workOrders)
          .innerJoin(customers, eq(customers.id, workOrders.customerId))
          .where(and(...base))
          .groupBy(workOrders.status),
      ]);
      return { rows, total: total?.n ?? 0, counts };
    },

    async byId(id: number, customerId?: number) {
      const [row] = await withNames().where(
        and(
          eq(workOrders.id, id),
          customerId === undefined ? undefined : eq(workOrders.customerId, customerId),
        ),
      );
      return row;
    },

    /** Holds the row until the transaction ends, so two status changes never interleave. */
    async lock(id: number, customerId?: number) {
      const [row] = await db
        .select({ id: workOrders.id, status: workOrders.status, customerId: workOrders.customerId })
        .from(workOrders)
        .where(
          and(
            eq(workOrders.id, id),
            customerId === undefined ? undefined : eq(workOrders.customerId, customerId),
          ),
        )
        .for('update');
      return row;
    },

    async posts(workOrderId: number) {
      return db
        .select({
          id: workOrderPosts.id,
          kind: workOrderPosts.kind,
          author: workOrderPosts.author,
          content: workOrderPosts.content,
          createdAt: workOrderPosts.createdAt,
          authorName: sql<
            string | null
          >`case when ${workOrderPosts.author} = 'admin' then ${admins.username} else ${customers.username} end`,
        })
        .from(workOrderPosts)
        .leftJoin(
          customers,
          and(eq(workOrderPosts.author, 'customer'), eq(customers.id, workOrderPosts.authorId)),
        )
        .leftJoin(admins, and(eq(workOrderPosts.author, 'admin'), eq(admins.id, workOrderPosts.authorId)))
        .where(eq(workOrderPosts.workOrderId, workOrderId))
        .orderBy(asc(workOrderPosts.id));
    },

    async images(workOrderId: number) {
      return db
        .select({
          id: workOrderImages.id,
          postId: workOrderImages.postId,
          name: workOrderImages.name,
          contentType: workOrderImages.contentType,
          size: workOrderImages.size,
        })
        .from(workOrderImages)
        .where(eq(workOrderImages.workOrderId, workOrderId))
        .orderBy(asc(workOrderImages.id));
    },

    /** An image, if its work order is this customer's (admins pass no customer). */
    async image(id: number, customerId?: number) {
      const [row] = await db
        .select({ contentType: workOrderImages.contentType, storageKey: workOrderImages.storageKey })
        .from(workOrderImages)
        .innerJoin(workOrders, eq(workOrders.id, workOrderImages.workOrderId))
        .where(
          and(
            eq(workOrderImages.id, id),
            customerId === undefined ? undefined : eq(workOrders.customerId, customerId),
          ),
        );
      return row;
    },

    /** A new work order; its number is the day and its id, known once inserted. */
    async insert(values: Omit<typeof workOrders.$inferInsert, 'number'>) {
      const [row] = await db
        .insert(workOrders)
        .values({ ...values, number: sql`'pending-' || gen_random_uuid()` })
        .returning({ id: workOrders.id });
      const [numbered] = await db
        .update(workOrders)
        .set({
          number: sql`to_char(${workOrders.createdAt} at time zone 'UTC', 'YYYYMMDD') || lpad(${workOrders.id}::text, 6, '0')`,
        })
        .where(eq(workOrders.id, row!.id))
        .returning({ id: workOrders.id, number: workOrders.number });
      return numbered!;
    },

    async insertPost(values: typeof workOrderPosts.$inferInsert) {
      const [row] = await db.insert(workOrderPosts).values(values).returning({ id: workOrderPosts.id });
      return row!.id;
    },

    async insertImages(values: (typeof workOrderImages.$inferInsert)[]) {
      if (values.length > 0) await db.insert(workOrderImages).values(values);
    },

    async update(id: number, values: Partial<typeof workOrders.$inferInsert>) {
      await db
        .update(workOrders)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(workOrders.id, id));
    },

    async adminExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.id, id));
      return row !== undefined;
    },
  };
}
