import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { customers } from '../account/account.schema';
import { sites } from './site.schema';

/**
 * Sites that may be served: their owner proved control of the domain, or an admin waived the
 * proof for that owner (ADR 0033). The edge compiler's input is filtered by it.
 */
export const ownershipProven = () =>
  or(
    isNotNull(sites.verifiedAt),
    inArray(
      sites.customerId,
      sql`(select ${customers.id} from ${customers} where ${customers.ownershipWaived})`,
    ),
  );

/** `a.b.c` → `['*.b.c', '*.c']`; `*.b.c` → `['*.c']`: every wildcard that would cover the name. */
export function coveringWildcards(domain: string): string[] {
  const labels = (domain.startsWith('*.') ? domain.slice(2) : domain).split('.');
  return labels.slice(1).map((_, i) => `*.${labels.slice(i + 1).join('.')}`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function siteOwnershipRepository(db: DbOrTx) {
  return {
    /**
     * Serialises claims of names: two customers saving overlapping names at once would each
     * find the other's not yet committed. Held until the transaction ends.
     */
    async lockClaims() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('nimbus:site-domain-claims'))`);
    },

    /**
     * The first of `domains` that overlaps another customer's site: a wildcard of theirs covers
     * it, or it is a wildcard covering one of their names (nginx's `*.x` matches any depth).
     */
    async firstOverlapWithOthers(customerId: number, domains: readonly string[]) {
      for (const domain of domains) {
        const covering = coveringWildcards(domain);
        const coveredBy = domain.startsWith('*.') ? `%.${escapeLike(domain.slice(2))}` : undefined;
        const overlap = or(
          covering.length > 0 ? inArray(sites.domain, covering) : undefined,
          coveredBy ? sql`${sites.domain} like ${coveredBy}` : undefined,
        );
        if (!overlap) continue;
        const [row] = await db
          .select({ id: sites.id })
          .from(sites)
          .where(and(ne(sites.customerId, customerId), overlap))
          .limit(1);
        if (row) return domain;
      }
      return undefined;
    },

    async customer(customerId: number) {
      const [row] = await db
        .select({ token: customers.domainVerifyToken, waived: customers.ownershipWaived })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },

    /** Records the proof; the group of a site proved just now is returned so it republishes. */
    async markVerified(siteId: number, revisionOf: (groupId: number) => Promise<number>) {
      const [row] = await db
        .update(sites)
        .set({ verifiedAt: new Date(), verifyCheckedAt: new Date() })
        .where(and(eq(sites.id, siteId), isNull(sites.verifiedAt)))
        .returning({ groupId: sites.nodeGroupId });
      if (!row) return false;
      // The site's own revision, so its config state waits for the nodes that now serve it.
      await db
        .update(sites)
        .set({ revision: await revisionOf(row.groupId) })
        .where(eq(sites.id, siteId));
      return true;
    },

    async markChecked(siteId: number) {
      await db.update(sites).set({ verifyCheckedAt: new Date() }).where(eq(sites.id, siteId));
    },

    /**
     * Unproved sites due for another look, least recently checked first: a new site (under a
     * day old) every few minutes, an older one hourly, so a forgotten claim costs little.
     */
    async dueForCheck(limit: number) {
      return db
        .select({ id: sites.id, customerId: sites.customerId, domain: sites.domain, label: sites.cnameLabel })
        .from(sites)
        .innerJoin(customers, eq(customers.id, sites.customerId))
        .where(
          and(
            isNull(sites.verifiedAt),
            eq(sites.enabled, true),
            eq(customers.ownershipWaived, false),
            sql`(${sites.verifyCheckedAt} is null or ${sites.verifyCheckedAt} < now() - case
              when ${sites.createdAt} > now() - interval '1 day' then interval '4 minutes'
              else interval '1 hour' end)`,
          ),
        )
        .orderBy(sql`${sites.verifyCheckedAt} asc nulls first`, asc(sites.id))
        .limit(limit);
    },

    /** The node groups serving this customer's sites (a waiver changes what they serve). */
    async groupsOfCustomer(customerId: number) {
      const rows = await db
        .selectDistinct({ groupId: sites.nodeGroupId })
        .from(sites)
        .where(eq(sites.customerId, customerId));
      return rows.map((r) => r.groupId);
    },
  };
}
