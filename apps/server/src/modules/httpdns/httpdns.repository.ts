import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { httpdnsConfig, type HttpdnsConfigRow } from './httpdns.schema';

export type HttpdnsConfigValues = Omit<HttpdnsConfigRow, 'id' | 'updatedAt'>;

export function httpdnsRepository(db: DbOrTx) {
  return {
    async get(): Promise<HttpdnsConfigRow | undefined> {
      const [row] = await db.select().from(httpdnsConfig).where(eq(httpdnsConfig.id, 1));
      return row;
    },

    /** Locks the row (read-modify-write of the write-only secrets); none yet → undefined. */
    async getForUpdate(): Promise<HttpdnsConfigRow | undefined> {
      const [row] = await db.select().from(httpdnsConfig).where(eq(httpdnsConfig.id, 1)).for('update');
      return row;
    },

    async put(values: HttpdnsConfigValues): Promise<HttpdnsConfigRow> {
      const set = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(httpdnsConfig)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: httpdnsConfig.id, set })
        .returning();
      return row!;
    },
  };
}
