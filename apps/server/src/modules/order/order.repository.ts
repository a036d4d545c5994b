import type { OrderState } from '@nimbus/contract';
import { and, count, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { customers } from '../account/account.schema';
import { orders, type OrderRow } from './order.schema';

export interface OrderFilter {
  customerId?: number;
  type?: number;
  state?: OrderState;
  from?: Date;
  to?: Date;
  serialPrefix?: string;
  username?: string;
}

export type NewOrder = Pick<
  OrderRow,
  'customerId' | 'type' | 'amount' | 'body' | 'productId' | 'planId' | 'cycle' | 'quantity' | 'expiresAt'
>;

const serialPrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: OrderFilter): SQL | undefined {
  return and(
    ...(filter.customerId === undefined ? [] : [eq(orders.customerId, filter.customerId)]),
    ...(filter.type === undefined ? [] : [eq(orders.type, filter.type)]),
    ...(filter.state === undefined ? [] : [eq(orders.state, filter.state)]),
    ...(filter.from === undefined ? [] : [gte(orders.createdAt, filter.from)]),
    ...(filter.to === undefined ? [] : [lte(orders.createdAt, filter.to)]),
    ...(filter.serialPrefix ? [like(orders.serialNumber, serialPrefix(filter.serialPrefix))] : []),
    ...(filter.username
      ? [
          eq(
            orders.customerId,
            sql`(select ${customers.id} from ${customers} where lower(${customers.username}) = ${filter.username.toLowerCase()})`,
          ),
        ]
      : []),
  );
}

const withUsername = { order: orders, username: customers.username };

export function orderRepository(db: DbOrTx) {
  return {
    async create(values: NewOrder & { serialNumber: string; currency: string }): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    /** The order with its customer's name; scoped to `customerId` when given (another's is absent). */
    async bySerial(serialNumber: string, customerId?: number) {
      const [row] = await db
        .select(withUsername)
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(
          and(
            eq(orders.serialNumber, serialNumber),
            customerId === undefined ? undefined : eq(orders.customerId, customerId),
          ),
        );
      return row;
    },

    /** Takes the order's row lock: every change of state goes through here first. */
    async lock(serialNumber: string, customerId?: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.serialNumber, serialNumber),
            customerId === undefined ? undefined : eq(orders.customerId, customerId),
          ),
        )
        .for('update');
      return row;
    },

    async update(id: number, values: Partial<Omit<OrderRow, 'id' | 'serialNumber' | 'customerId'>>) {
      await db.update(orders).set(values).where(eq(orders.id, id));
    },

    /** Times out every unpaid order past its time; returns how many. */
    async timeOutDue(now: Date): Promise<number> {
      const rows = await db
        .update(orders)
        .set({ state: 'timeout', endedAt: now })
        .where(and(eq(orders.state, 'unpaid'), lte(orders.expiresAt, now)))
        .returning({ id: orders.id });
      return rows.length;
    },

    async page(filter: OrderFilter, paging: { page: number; limit: number }) {
      const where = conditions(filter);
      const rows = await db
        .select({ ...withUsername, total: totalColumn(db, orders, where) })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(where)
        .orderBy(desc(orders.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(orders).where(where));
      return { rows, total };
    },
  };
}
