import { eq, or, sql } from 'drizzle-orm';
import type { CodeChannel } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { customers } from './account.schema';

type IdentityField = 'username' | 'mail' | 'mobile';

/** The unique constraints of account.schema.ts `identityColumns`, by the field they guard. */
const UNIQUE_FIELDS: Readonly<Record<string, IdentityField>> = {
  customers_username_unique: 'username',
  customers_mail_unique: 'mail',
  customers_mobile_unique: 'mobile',
};

/** Which field an insert collided on, when `error` is a unique violation of one of them. */
export function takenFieldOf(error: unknown): IdentityField | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && typeof e.constraint === 'string') return UNIQUE_FIELDS[e.constraint];
    e = e.cause as typeof e;
  }
  return undefined;
}

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
    async takenField(values: {
      username: string;
      mail?: string;
      mobile?: string;
    }): Promise<IdentityField | undefined> {
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
