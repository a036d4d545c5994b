import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CertificateStatus } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { sites } from '../site/site.schema';
import { acmeChallenges, certificates } from './certificate.schema';
import { qualified } from '../../platform/db/qualified';

export type CertificateRow = typeof certificates.$inferSelect & { siteCount: number };

const siteCount =
  sql<number>`(select count(*) from ${sites} where ${sites.certificateId} = ${qualified(certificates.id)})`.mapWith(
    Number,
  );
const expired = sql`${certificates.notAfter} < now()`;
const STATUS_FILTER = (status: CertificateStatus): SQL =>
  status === 'expired'
    ? and(inArray(certificates.status, ['own', 'succeeded']), expired)!
    : status === 'own' || status === 'succeeded'
      ? and(eq(certificates.status, status), sql`not (${expired})`)!
      : eq(certificates.status, status);

export function certificateRepository(db: DbOrTx) {
  const select = () => db.select({ cert: certificates, siteCount }).from(certificates);
  const flatten = (r: { cert: typeof certificates.$inferSelect; siteCount: number }): CertificateRow => ({
    ...r.cert,
    siteCount: r.siteCount,
  });

  return {
    async list(
      customerId: number,
      filter: { keyword?: string; status?: CertificateStatus; page: number; limit: number },
    ): Promise<{ rows: CertificateRow[]; total: number }> {
      const keyword = filter.keyword ? likeContains(filter.keyword.toLowerCase()) : undefined;
      const where = and(
        eq(certificates.customerId, customerId),
        keyword
          ? or(
              ilike(certificates.name, keyword),
              sql`array_to_string(${certificates.domains}, ' ') ilike ${keyword}`,
            )
          : undefined,
        filter.status ? STATUS_FILTER(filter.status) : undefined,
      );
      const rows = await select()
        .where(where)
        .orderBy(desc(certificates.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(certificates).where(where);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },
    async byId(customerId: number, id: number): Promise<CertificateRow | undefined> {
      const [row] = await select().where(
        and(eq(certificates.customerId, customerId), eq(certificates.id, id)),
      );
      return row && flatten(row);
    },
    async anyById(id: number) {
      const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
      return row;
    },
    async insert(values: typeof certificates.$inferInsert) {
      const [row] = await db.insert(certificates).values(values).returning({ id: certificates.id });
      return row!.id;
    },
    async update(id: number, values: Partial<typeof certificates.$inferInsert>) {
      await db
        .update(certificates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(certificates.id, id));
    },
    async delete(id: number) {
      await db.delete(certificates).where(eq(certificates.id, id));
    },
    async byIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(certificates)
        .where(inArray(certificates.id, [...ids]));
    },
    async challengesForSites(siteIds: readonly number[]) {
      if (siteIds.length === 0) return [];
      return db
        .select()
        .from(acmeChallenges)
        .where(inArray(acmeChallenges.siteId, [...siteIds]));
    },
    async insertChallenges(values: (typeof acmeChallenges.$inferInsert)[]) {
      if (values.length > 0) await db.insert(acmeChallenges).values(values);
    },
    async deleteChallenges(certificateId: number) {
      return db
        .delete(acmeChallenges)
        .where(eq(acmeChallenges.certificateId, certificateId))
        .returning({ siteId: acmeChallenges.siteId });
    },
  };
}
