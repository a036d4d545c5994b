import type { DnsRecordType } from '@nimbus/contract';
import { and, count, desc, eq, gt, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf, type ListTotals } from '../../platform/db/paging';
import { qualified } from '../../platform/db/qualified';
import { dnsRecords, dnsZones, type DnsRecordRow, type DnsZoneRow } from './dns-zone.schema';

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type NewDnsRecord = Omit<DnsRecordRow, 'id' | 'createdAt'>;

/** `a.b.example.com` → `b.example.com`, `example.com`, `com`: the names a zone could sit above it. */
export function parentNames(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, index) => labels.slice(index + 1).join('.'));
}

export function dnsZoneRepository(db: DbOrTx) {
  return {
    async page(customerId: number, filter: { keyword?: string; page: number; limit: number }) {
      const where = and(
        eq(dnsZones.customerId, customerId),
        filter.keyword ? like(dnsZones.name, likePrefix(filter.keyword.toLowerCase())) : undefined,
      );
      const rows = await db
        .select({ zone: dnsZones, total: totalColumn(db, dnsZones, where) })
        .from(dnsZones)
        .where(where)
        .orderBy(desc(dnsZones.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(dnsZones).where(where));
      return { rows: rows.map((row) => row.zone), total };
    },

    /** How many records each of these zones has; a zone without records is left out. */
    async recordCounts(zoneIds: readonly number[]): Promise<Map<number, number>> {
      if (!zoneIds.length) return new Map();
      const rows = await db
        .select({ zoneId: dnsRecords.zoneId, n: count() })
        .from(dnsRecords)
        .where(inArray(dnsRecords.zoneId, [...zoneIds]))
        .groupBy(dnsRecords.zoneId);
      return new Map(rows.map((row) => [row.zoneId, row.n]));
    },

    async owned(customerId: number, ids: readonly number[]): Promise<DnsZoneRow[]> {
      return db
        .select()
        .from(dnsZones)
        .where(and(eq(dnsZones.customerId, customerId), inArray(dnsZones.id, [...ids])));
    },

    /** The zone's row, locked: changes to one zone's records happen one at a time. */
    async lock(customerId: number, id: number): Promise<DnsZoneRow | undefined> {
      const [row] = await db
        .select()
        .from(dnsZones)
        .where(and(eq(dnsZones.customerId, customerId), eq(dnsZones.id, id)))
        .for('update');
      return row;
    },

    /** A zone of another customer above or below `name` (it would take over or lose their names). */
    async overlapping(customerId: number, name: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: dnsZones.name })
        .from(dnsZones)
        .where(
          and(
            ne(dnsZones.customerId, customerId),
            or(
              inArray(dnsZones.name, parentNames(name)),
              like(dnsZones.name, `%.${name.replace(/[\\%_]/g, (c) => `\\${c}`)}`),
            ),
          ),
        )
        .limit(1);
      return row?.name;
    },

    /** The customer's zones (names and switches) and their records by type, for the dashboard. */
    async summary(customerId: number) {
      const zones = await db
        .select({ name: dnsZones.name, enabled: dnsZones.enabled })
        .from(dnsZones)
        .where(eq(dnsZones.customerId, customerId));
      const byType = await db
        .select({ type: dnsRecords.type, n: count() })
        .from(dnsRecords)
        .innerJoin(dnsZones, eq(dnsZones.id, dnsRecords.zoneId))
        .where(eq(dnsZones.customerId, customerId))
        .groupBy(dnsRecords.type);
      return { zones, byType };
    },

    /** Platform totals for the DNS admin dashboard. */
    async totals() {
      const [row] = await db
        .select({
          zones: count(),
          customers: sql<number>`count(distinct ${dnsZones.customerId})`.mapWith(Number),
          records: sql<number>`(select count(*) from ${dnsRecords})`.mapWith(Number),
        })
        .from(dnsZones);
      return row!;
    },

    /** Enabled zones (those PowerDNS holds) by id, `limit` of them after `afterId`. */
    async enabledAfter(afterId: number, limit: number): Promise<Pick<DnsZoneRow, 'id' | 'name'>[]> {
      return db
        .select({ id: dnsZones.id, name: dnsZones.name })
        .from(dnsZones)
        .where(and(eq(dnsZones.enabled, true), gt(dnsZones.id, afterId)))
        .orderBy(dnsZones.id)
        .limit(limit);
    },

    async byName(name: string): Promise<DnsZoneRow | undefined> {
      const [row] = await db.select().from(dnsZones).where(eq(dnsZones.name, name));
      return row;
    },

    async create(customerId: number, name: string): Promise<DnsZoneRow> {
      const [row] = await db.insert(dnsZones).values({ customerId, name }).returning();
      return row!;
    },

    async update(id: number, values: Partial<Pick<DnsZoneRow, 'enabled' | 'dnssec'>>) {
      await db.update(dnsZones).set(values).where(eq(dnsZones.id, id));
    },

    async delete(ids: readonly number[]) {
      await db.delete(dnsZones).where(inArray(dnsZones.id, [...ids]));
    },
  };
}

export function dnsRecordRepository(db: DbOrTx) {
  return {
    /**
     * A page of the zone's records, only when `customerId` owns the zone (no rows otherwise: the
     * caller tells an empty page from another's zone); the total is counted with it unless
     * `totals` holds it. One round trip in the common case.
     */
    async page(
      zoneId: number,
      customerId: number,
      filter: { keyword?: string; recordType?: DnsRecordType; page: number; limit: number },
      totals?: ListTotals,
    ) {
      const keyword = filter.keyword?.toLowerCase();
      const where = and(
        eq(dnsRecords.zoneId, zoneId),
        filter.recordType ? eq(dnsRecords.type, filter.recordType) : undefined,
        keyword
          ? or(like(dnsRecords.host, likePrefix(keyword)), like(dnsRecords.value, likePrefix(keyword)))
          : undefined,
      );
      const owned = sql`exists (select 1 from ${dnsZones} where ${qualified(dnsZones.id)} = ${zoneId} and ${qualified(dnsZones.customerId)} = ${customerId})`;
      const pageWith = (total: SQL<number>) =>
        db
          .select({ record: dnsRecords, total })
          .from(dnsRecords)
          .where(and(where, owned))
          .orderBy(desc(dnsRecords.id))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit);
      let rows: Awaited<ReturnType<typeof pageWith>> | undefined;
      const countWithPage = async () => {
        rows = await pageWith(totalColumn(db, dnsRecords, where));
        return totalOf(rows, () => db.select({ n: count() }).from(dnsRecords).where(where));
      };
      const key = JSON.stringify([zoneId, keyword ?? '', filter.recordType ?? '']);
      const total = (totals ? await totals.get(key, countWithPage) : undefined) ?? (await countWithPage());
      rows ??= await pageWith(sql<number>`0`);
      return { rows: rows.map((row) => row.record), total };
    },

    async byIds(zoneId: number, ids: readonly number[]): Promise<DnsRecordRow[]> {
      return db
        .select()
        .from(dnsRecords)
        .where(and(eq(dnsRecords.zoneId, zoneId), inArray(dnsRecords.id, [...ids])));
    },

    /** Every record of the zone at these hosts (to build their record sets and check conflicts). */
    async atHosts(zoneId: number, hosts: readonly string[]): Promise<DnsRecordRow[]> {
      if (!hosts.length) return [];
      return db
        .select()
        .from(dnsRecords)
        .where(and(eq(dnsRecords.zoneId, zoneId), inArray(dnsRecords.host, [...new Set(hosts)])));
    },

    async all(zoneId: number): Promise<DnsRecordRow[]> {
      return db.select().from(dnsRecords).where(eq(dnsRecords.zoneId, zoneId));
    },

    async insert(records: NewDnsRecord[]): Promise<DnsRecordRow[]> {
      return db.insert(dnsRecords).values(records).returning();
    },

    async update(id: number, values: Partial<NewDnsRecord>): Promise<DnsRecordRow> {
      const [row] = await db.update(dnsRecords).set(values).where(eq(dnsRecords.id, id)).returning();
      return row!;
    },

    async setEnabled(zoneId: number, ids: readonly number[], enabled: boolean) {
      await db
        .update(dnsRecords)
        .set({ enabled })
        .where(and(eq(dnsRecords.zoneId, zoneId), inArray(dnsRecords.id, [...ids])));
    },

    async delete(zoneId: number, ids: readonly number[]) {
      await db.delete(dnsRecords).where(and(eq(dnsRecords.zoneId, zoneId), inArray(dnsRecords.id, [...ids])));
    },
  };
}
