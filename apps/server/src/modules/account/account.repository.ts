import { eq, or, sql } from 'drizzle-orm';
import type { CodeChannel } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { customers } from './account.schema';

/** Customer-only SQL: registration and lookup by e-mail/mobile. */
export function accountRepository(db: DbOrTx) {
  return {
    async findCustomer(id: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return row;
    },
    /** The customer whose e-mail (any case) or mobile is `target`. */
    async findCustomerByTarget(channel: CodeChannel, target: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(
          channel === 'mail'
            ? sql`lower(${customers.mail}) = lower(${target})`
            : eq(customers.mobile, target),
        );
      return row;
    },
    /** Which of username, e-mail, mobile is already used, if any. */
    async takenField(values: { username: string; mail?: string; mobile?: string }) {
      const [row] = await db
        .select({ username: customers.username, mail: customers.mail, mobile: customers.mobile })
        .from(customers)
        .where(
          or(
            eq(customers.username, values.username),
            values.mail ? sql`lower(${customers.mail}) = lower(${values.mail})` : undefined,
            values.mobile ? eq(customers.mobile, values.mobile) : undefined,
          ),
        )
        .limit(1);
      if (!row) return undefined;
      if (row.username === values.username) return 'username' as const;
      if (values.mail && row.mail?.toLowerCase() === values.mail.toLowerCase()) return 'mail' as const;
      return 'mobile' as const;
    },
    async insertCustomer(values: typeof customers.$inferInsert) {
      const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
      return row!;
    },
  };
}
