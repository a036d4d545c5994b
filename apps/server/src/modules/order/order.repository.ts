import { OWED_ORDER_TYPES, type OrderState } from '@nimbus/contract';
import { and, count, desc, eq, gte, like, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf, type ListTotals } from '../../platform/db/paging';
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
> &
  Partial<Pick<OrderRow, 'basis'>>;

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

    /** Times out every unpaid order past its time, save those owed for use; returns how many. */
    async timeOutDue(now: Date): Promise<number> {
      const rows = await db
        .update(orders)
        .set({ state: 'timeout', endedAt: now })
        .where(
          and(
            eq(orders.state, 'unpaid'),
            lte(orders.expiresAt, now),
            notInArray(orders.type, [...OWED_ORDER_TYPES]),
          ),
        )
        .returning({ id: orders.id });
      return rows.length;
    },

    /**
     * A page of orders, newest first. The total is counted with the page when `totals` does not
     * hold it: counting a customer's 100,000 orders costs far more than reading a page.
     */
    async page(filter: OrderFilter, paging: { page: number; limit: number }, totals?: ListTotals) {
      const where = conditions(filter);
      // The total rides on the page's query when it has to be counted (see totalColumn).
      const pageWith = (total: SQL<number>) =>
        db
          .select({ ...withUsername, total })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit);
      let rows: Awaited<ReturnType<typeof pageWith>> | undefined;
      const countWithPage = async () => {
        rows = await pageWith(totalColumn(db, orders, where));
        return totalOf(rows, () => db.select({ n: count() }).from(orders).where(where));
      };
      const key = JSON.stringify(filter);
      const total = (totals ? await totals.get(key, countWithPage) : undefined) ?? (await countWithPage());
      rows ??= await pageWith(sql<number>`0`);
      return { rows, total };
    },
  };
}
