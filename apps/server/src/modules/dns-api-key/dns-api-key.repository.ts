import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { customers } from '../account/account.schema';
import { dnsApiKeys, type DnsApiKeyRow } from './dns-api-key.schema';

/** A key found by its hash, with what decides whether its customer may still come in. */
export interface ApiKeyHolder {
  id: number;
  customerId: number;
  lastUsedAt: Date | null;
  customer: { enabled: boolean; whiteIpStatus: boolean; whiteIps: string[] };
}

export function dnsApiKeyRepository(db: DbOrTx) {
  return {
    async findByCustomer(customerId: number): Promise<DnsApiKeyRow | undefined> {
      const [row] = await db.select().from(dnsApiKeys).where(eq(dnsApiKeys.customerId, customerId));
      return row;
    },

    /** One key per customer: a new one takes the row over, so the old hash is gone in the same write. */
    async replace(customerId: number, keyHash: string, prefix: string): Promise<DnsApiKeyRow> {
      const values = { keyHash, prefix, createdAt: new Date(), lastUsedAt: null, lastUsedIp: null };
      const [row] = await db
        .insert(dnsApiKeys)
        .values({ customerId, ...values })
        .onConflictDoUpdate({ target: dnsApiKeys.customerId, set: values })
        .returning();
      return row!;
    },

    /** The key deleted, if there was one. */
    async deleteOf(customerId: number): Promise<DnsApiKeyRow | undefined> {
      const [gone] = await db.delete(dnsApiKeys).where(eq(dnsApiKeys.customerId, customerId)).returning();
      return gone;
    },

    async findByHash(keyHash: string): Promise<ApiKeyHolder | undefined> {
      const [row] = await db
        .select({
          id: dnsApiKeys.id,
          customerId: dnsApiKeys.customerId,
          lastUsedAt: dnsApiKeys.lastUsedAt,
          customer: {
            enabled: customers.enabled,
            whiteIpStatus: customers.whiteIpStatus,
            whiteIps: customers.whiteIps,
          },
        })
        .from(dnsApiKeys)
        .innerJoin(customers, eq(customers.id, dnsApiKeys.customerId))
        .where(eq(dnsApiKeys.keyHash, keyHash));
      return row;
    },

    /** Several processes may see the same stale time: only the first write within `before` lands. */
    async touch(id: number, at: Date, ip: string, before: Date): Promise<void> {
      await db
        .update(dnsApiKeys)
        .set({ lastUsedAt: at, lastUsedIp: ip })
        .where(
          and(eq(dnsApiKeys.id, id), or(isNull(dnsApiKeys.lastUsedAt), lt(dnsApiKeys.lastUsedAt, before))),
        );
    },
  };
}
