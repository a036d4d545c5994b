import { DNS_FREE_TIER } from '@nimbus/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest } from '../../platform/http/app-error';
import { customers } from '../account/account.schema';
import { customerPlans } from '../plan/plan.schema';
import { dnsRecords, dnsZones } from './dns-zone.schema';

export interface DnsQuota {
  dnsZones: number;
  dnsRecords: number;
  dnsLines: boolean;
  dnssec: boolean;
}

const countOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * ADR 0041: what a customer may host. Their DNS plans in force replace the free tier: the
 * domains of all of them add up, the largest records-per-domain applies to every domain, and a
 * switch is on when one of them has it. Without a DNS plan in force, the free tier.
 */
export async function dnsQuotaOf(tx: DbOrTx, customerId: number, now = new Date()): Promise<DnsQuota> {
  const plans = await tx
    .select({ attrs: customerPlans.attrs })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.customerId, customerId),
        eq(customerPlans.kind, 'dns_plan'),
        eq(customerPlans.invalid, false),
        gt(customerPlans.endsAt, now),
      ),
    );
  if (!plans.length) return { ...DNS_FREE_TIER };
  return plans.reduce<DnsQuota>(
    (quota, { attrs }) => ({
      dnsZones: quota.dnsZones + countOf(attrs.dnsZones),
      dnsRecords: Math.max(quota.dnsRecords, countOf(attrs.dnsRecords)),
      dnsLines: quota.dnsLines || attrs.dnsLines === true,
      dnssec: quota.dnssec || attrs.dnssec === true,
    }),
    { dnsZones: 0, dnsRecords: 0, dnsLines: false, dnssec: false },
  );
}

/**
 * Refuses a new hosted domain beyond the quota's domain count. The customer's row stays locked
 * until the transaction ends, so two creations cannot both take the last slot.
 */
export async function checkZoneRoom(tx: DbOrTx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const { dnsZones: limit } = await dnsQuotaOf(tx, customerId);
  const [row] = await tx.select({ n: count() }).from(dnsZones).where(eq(dnsZones.customerId, customerId));
  if ((row?.n ?? 0) >= limit) throw badRequest('dns.quotaZones', { limit });
}

/**
 * Refuses records the quota does not allow: `adding` more records in the zone beyond its
 * records-per-domain, or any on a line other than the default without the lines switch.
 */
export async function checkRecordQuota(
  tx: DbOrTx,
  customerId: number,
  zoneId: number,
  records: readonly { line: string }[],
  adding: number,
): Promise<void> {
  const quota = await dnsQuotaOf(tx, customerId);
  if (!quota.dnsLines && records.some((record) => record.line !== 'default'))
    throw badRequest('dns.quotaLines');
  if (adding === 0) return;
  // held + adding > limit ⟺ a record exists at offset limit - adding: the scan stops at the
  // limit, so a save into a 100,000-record zone does not count all of them.
  const room = quota.dnsRecords - adding;
  const over =
    room < 0 ||
    (
      await tx
        .select({ id: dnsRecords.id })
        .from(dnsRecords)
        .where(eq(dnsRecords.zoneId, zoneId))
        .offset(room)
        .limit(1)
    ).length > 0;
  if (over) throw badRequest('dns.quotaRecords', { limit: quota.dnsRecords });
}
