import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest } from '../../platform/http/app-error';
import { sites } from '../site/site.schema';

/** The customer's enabled sites for these domains; any other domain is refused by name. */
export async function ownSites(db: DbOrTx, customerId: number, domains: string[]) {
  const rows = await db
    .select({ id: sites.id, domain: sites.domain })
    .from(sites)
    .where(and(eq(sites.customerId, customerId), eq(sites.enabled, true), inArray(sites.domain, domains)));
  const missing = domains.find((d) => !rows.some((r) => r.domain === d));
  if (missing) throw badRequest('certificate.notYourSite', { domain: missing });
  return rows;
}
