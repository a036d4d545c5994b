import type { VerificationState } from '@nimbus/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { customers } from '../account/account.schema';
import { realnameVerifications, type VerificationRow } from './verification.schema';

export const OPEN_STATES: readonly VerificationState[] = ['fee_unpaid', 'face_pending', 'review'];

type Values = Partial<Omit<VerificationRow, 'id' | 'customerId' | 'createdAt'>>;

export function verificationRepository(db: DbOrTx) {
  return {
    /** The customer's latest verification, locked when asked (every change locks it first). */
    async latest(customerId: number, lock = false): Promise<VerificationRow | undefined> {
      const query = db
        .select()
        .from(realnameVerifications)
        .where(eq(realnameVerifications.customerId, customerId))
        .orderBy(desc(realnameVerifications.id))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async lockById(id: number): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(realnameVerifications)
        .where(eq(realnameVerifications.id, id))
        .for('update');
      return row;
    },

    async byOrder(orderSerial: string): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(realnameVerifications)
        .where(eq(realnameVerifications.orderSerial, orderSerial))
        .for('update');
      return row;
    },

    async insert(values: typeof realnameVerifications.$inferInsert): Promise<VerificationRow> {
      const [row] = await db.insert(realnameVerifications).values(values).returning();
      return row!;
    },

    async update(id: number, values: Values) {
      await db
        .update(realnameVerifications)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(realnameVerifications.id, id));
    },

    async page(
      filter: { state?: VerificationState; username?: string },
      paging: { page: number; limit: number },
    ) {
      const where: SQL | undefined = and(
        filter.state ? eq(realnameVerifications.state, filter.state) : undefined,
        filter.username
          ? eq(
              realnameVerifications.customerId,
              sql`(select ${customers.id} from ${customers} where lower(${customers.username}) = ${filter.username.toLowerCase()})`,
            )
          : undefined,
      );
      const rows = await db
        .select({
          row: realnameVerifications,
          username: customers.username,
          total: totalColumn(db, realnameVerifications, where),
        })
        .from(realnameVerifications)
        .innerJoin(customers, eq(customers.id, realnameVerifications.customerId))
        .where(where)
        .orderBy(desc(realnameVerifications.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () =>
        db.select({ n: count() }).from(realnameVerifications).where(where),
      );
      return { rows, total };
    },
  };
}
