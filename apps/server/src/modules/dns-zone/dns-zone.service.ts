import {
  offeredDs,
  ResultCode,
  type DnsDelegation,
  type DnsRecord,
  type DnsServiceStatus,
  type DnsUserChart,
  type DnsZone,
  type Page,
} from '@nimbus/contract';
import dns from 'node:dns/promises';
import { PowerDnsError, type PowerDnsClient } from '../../integrations/powerdns/client';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { tableCache } from '../../platform/db/row-cache';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { readWebConfigSection } from '../web-config/web-config.service';
import { dnsRecordRepository, dnsZoneRepository } from './dns-zone.repository';
import type { DnsRecordRow, DnsZoneRow } from './dns-zone.schema';
import { dnsLinesService } from '../dns-lines/dns-lines.service';
import { rrsetsFor, setKey, usesLines } from './rrsets';
import { applyNameservers } from './apex';
import { checkZoneRoom, dnsQuotaOf } from './dns-quota';

type Context = Pick<AppContext, 'db' | 'dns' | 'config' | 'changes'>;

export const toDnsRecord = (row: DnsRecordRow): DnsRecord => ({
  id: row.id,
  zoneId: row.zoneId,
  hostRecord: row.host,
  recordType: row.type,
  lineType: row.line,
  recordValue: row.value,
  ttl: row.ttl,
  priority: row.priority,
  enabled: row.enabled,
  remark: row.remark,
  createdAt: row.createdAt.toISOString(),
});

/** Web config dns_rewrite.dnsAddress: the platform's name servers, one host name per line or comma. */
export function nameserversOf(dnsAddress: string, zone: string): string[] {
  const listed = dnsAddress
    .split(/[\s,;]+/)
    .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
    .filter((name) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(name));
  // None set yet: the zone's own ns1/ns2, which its owner points at our server.
  return listed.length ? listed : [`ns1.${zone}`, `ns2.${zone}`];
}

/**
 * A PowerDNS refusal inside a change: its 422 (the data) names the record value, which is what
 * PowerDNS checks beyond our own rules; anything else says PowerDNS could not be reached.
 */
export function refusal(error: unknown): never {
  if (error instanceof PowerDnsError && error.status === 422)
    throw badRequest('dns.refused', { field: { field: 'recordValue' }, detail: error.detail });
  throw error;
}

/** PowerDNS Authoritative, or the honest answer that it is not running (ADR 0022). */
export function authoritativeOf(ctx: Pick<AppContext, 'dns'>): PowerDnsClient {
  const server = ctx.dns.authoritative;
  if (server.state === 'ready') return server.client;
  throw new AppError(ResultCode.serverError, 'dns.notRunning', {
    reason: server.reason,
    install: server.install,
  });
}

/**
 * A customer's hosted zones (issue 9 §2). Each change is written to Nimbus's tables and sent to
 * PowerDNS in the same transaction, so a refusal there leaves nothing half-written.
 */
export function dnsZoneService(ctx: Context) {
  const { db } = ctx;
  // Each zone's record count, forgotten on any write to the records (the table's trigger,
  // migration 0015; the record service's own writes at once through writeTable): counting a
  // 100,000-record zone for every list costs far more than the rest of the page.
  const recordCounts = tableCache<number, number>(ctx.changes, 'dns_records', {
    ttlMs: 60_000,
    maxEntries: 10_000,
  });

  /** The record count of each zone, from the cache; the zones it lacks are counted in one query. */
  function countsOf(zoneIds: readonly number[]): Promise<(number | undefined)[]> {
    const missing: number[] = [];
    let counted: Promise<Map<number, number>> | undefined;
    return Promise.all(
      zoneIds.map((id) =>
        recordCounts.get(id, () => {
          // The cache calls this before it awaits anything, so every zone it lacks has joined
          // `missing` by the time the deferred query runs; the cache still drops a count that a
          // write overlapped.
          missing.push(id);
          counted ??= Promise.resolve().then(() => dnsZoneRepository(db).recordCounts(missing));
          return counted.then((counts) => counts.get(id) ?? 0);
        }),
      ),
    );
  }

  async function presentAll(zones: DnsZoneRow[]): Promise<DnsZone[]> {
    const counts = await countsOf(zones.map((zone) => zone.id));
    return Promise.all(zones.map((zone, index) => present({ zone, records: counts[index] ?? 0 })));
  }

  async function nameservers(tx: DbOrTx, zone: string) {
    return nameserversOf((await readWebConfigSection(tx, 'dns_rewrite')).dnsAddress, zone);
  }

  async function present(row: { zone: DnsZoneRow; records: number }): Promise<DnsZone> {
    const { zone } = row;
    // PowerDNS lists SHA-1 digests too; only SHA-256 and SHA-384 are given to registrars.
    const ds =
      zone.dnssec && ctx.dns.authoritative.state === 'ready'
        ? offeredDs(
            (await ctx.dns.authoritative.client.cryptoKeys(zone.name).catch(() => [])).flatMap(
              (key) => key.ds ?? [],
            ),
          )
        : [];
    return {
      id: zone.id,
      name: zone.name,
      enabled: zone.enabled,
      records: row.records,
      dnssec: zone.dnssec,
      ds,
      nameservers: await nameservers(db, zone.name),
      createdAt: zone.createdAt.toISOString(),
    };
  }

  /**
   * Creates the zone in PowerDNS with all of its enabled records. Re-enabling replaces what
   * PowerDNS may still hold of it; a new zone never replaces one PowerDNS has (on a shared
   * server it may be another tool's).
   */
  async function publish(tx: DbOrTx, zone: DnsZoneRow, replace: boolean) {
    const pdns = authoritativeOf(ctx);
    const records = await dnsRecordRepository(tx).all(zone.id);
    if (replace) await pdns.deleteZone(zone.name);
    else if (await pdns.zone(zone.name)) throw conflict('dns.zoneTaken');
    const hosts = await nameservers(tx, zone.name);
    await pdns
      .createZone(
        zone.name,
        hosts,
        rrsetsFor(
          zone.name,
          records.map((record) => setKey(record.host, record.type)),
          records,
          usesLines(records) ? await dnsLinesService(ctx).library() : null,
        ).filter((rrset) => rrset.changetype === 'REPLACE'),
      )
      .catch(refusal);
    // PowerDNS's SOA names its own default primary; ours is the first of the zone's name servers.
    await applyNameservers(pdns, zone.name, hosts);
    if (zone.dnssec) await pdns.addCryptoKey(zone.name);
  }

  async function mine(customerId: number, id: number): Promise<DnsZoneRow> {
    const [zone] = await dnsZoneRepository(db).owned(customerId, [id]);
    if (!zone) throw notFound();
    return zone;
  }

  return {
    status(): DnsServiceStatus {
      const server = ctx.dns.authoritative;
      return server.state === 'ready'
        ? { ready: true, reason: null, install: null }
        : { ready: false, reason: server.reason, install: server.install };
    },

    async list(
      customerId: number,
      query: { keyword?: string; page: number; limit: number },
    ): Promise<Page<DnsZone>> {
      const { rows, total } = await dnsZoneRepository(db).page(customerId, query);
      return pageOf(await presentAll(rows), total, query);
    },

    async info(customerId: number, id: number): Promise<DnsZone> {
      const [zone] = await presentAll([await mine(customerId, id)]);
      return zone!;
    },

    async create(customerId: number, name: string): Promise<DnsZone> {
      authoritativeOf(ctx);
      const cnameDomain = (await readWebConfigSection(db, 'dns_rewrite')).cnameDomain.toLowerCase();
      if (
        cnameDomain &&
        (name === cnameDomain || name.endsWith(`.${cnameDomain}`) || cnameDomain.endsWith(`.${name}`))
      )
        throw badRequest('dns.zoneReserved');
      const overlap = await dnsZoneRepository(db).overlapping(customerId, name);
      if (overlap) throw conflict('dns.zoneOverlaps', { name: overlap });
      try {
        const zone = await db.transaction(async (tx) => {
          await checkZoneRoom(tx, customerId);
          const row = await dnsZoneRepository(tx).create(customerId, name);
          await publish(tx, row, false);
          return row;
        });
        return present({ zone, records: 0 });
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'dns_zones_name_key') throw conflict('dns.zoneTaken');
        throw error;
      }
    },

    async bulkAction(customerId: number, ids: number[], action: 'enable' | 'disable' | 'delete') {
      const pdns = authoritativeOf(ctx);
      const zones = await dnsZoneRepository(db).owned(customerId, ids);
      if (zones.length !== new Set(ids).size) throw notFound();
      await db.transaction(async (tx) => {
        const repo = dnsZoneRepository(tx);
        for (const zone of zones) {
          if (action === 'enable') {
            await repo.update(zone.id, { enabled: true });
            if (!zone.enabled) await publish(tx, zone, true);
          } else {
            // A paused or deleted zone is not answered at all (REFUSED), as at a registry-held domain.
            if (action === 'disable') await repo.update(zone.id, { enabled: false });
            await pdns.deleteZone(zone.name);
          }
        }
        if (action === 'delete') await repo.delete(zones.map((zone) => zone.id));
      });
      return zones.length;
    },

    /** What the public DNS says the zone's name servers are, beside ours. */
    async delegation(customerId: number, id: number): Promise<DnsDelegation> {
      const zone = await mine(customerId, id);
      const expected = await nameservers(db, zone.name);
      const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
      if (ctx.config.dnsResolvers.length) resolver.setServers(ctx.config.dnsResolvers);
      let actual: string[] = [];
      let error: string | null = null;
      try {
        actual = (await resolver.resolveNs(zone.name)).map((name) => name.toLowerCase().replace(/\.$/, ''));
      } catch (failure) {
        error = (failure as { code?: string }).code ?? (failure as Error).message;
      }
      const delegated = actual.length > 0 && expected.every((name) => actual.includes(name));
      return { expected, actual: actual.sort(), delegated, error };
    },

    async chart(customerId: number): Promise<DnsUserChart> {
      const { zones, byType } = await dnsZoneRepository(db).summary(customerId);
      const recordsByType = Object.fromEntries(byType.map((row) => [row.type, row.n]));
      const server = ctx.dns.authoritative;
      const ring =
        server.state === 'ready'
          ? (await server.client.statistics().catch(() => [])).find(
              (stat) => stat.type === 'RingStatisticItem' && stat.name === 'queries',
            )
          : undefined;
      let recentQueries: number | null = null;
      if (ring?.type === 'RingStatisticItem') {
        const names = zones.map((zone) => zone.name);
        const ours = (queried: string) => {
          const name = queried.slice(0, queried.lastIndexOf('/')).toLowerCase().replace(/\.$/, '');
          return names.some((zone) => name === zone || name.endsWith(`.${zone}`));
        };
        recentQueries = ring.value
          .filter((item) => ours(item.name))
          .reduce((sum, item) => sum + Number(item.value), 0);
      }
      return {
        zones: zones.length,
        enabledZones: zones.filter((zone) => zone.enabled).length,
        records: Object.values(recordsByType).reduce((sum, n) => sum + n, 0),
        recordsByType,
        recentQueries,
        queriesWindow: ring?.type === 'RingStatisticItem' ? Number(ring.size) : null,
      };
    },

    async dnssec(customerId: number, id: number, enabled: boolean): Promise<DnsZone> {
      const pdns = authoritativeOf(ctx);
      await db.transaction(async (tx) => {
        const zone = await dnsZoneRepository(tx).lock(customerId, id);
        if (!zone) throw notFound();
        if (!zone.enabled) throw badRequest('dns.zoneDisabled');
        if (zone.dnssec === enabled) return;
        if (enabled && !(await dnsQuotaOf(tx, customerId)).dnssec) throw badRequest('dns.quotaDnssec');
        await dnsZoneRepository(tx).update(zone.id, { dnssec: enabled });
        if (enabled) await pdns.addCryptoKey(zone.name);
        else
          for (const key of await pdns.cryptoKeys(zone.name)) await pdns.deleteCryptoKey(zone.name, key.id);
      });
      const [zone] = await presentAll([await mine(customerId, id)]);
      return zone!;
    },
  };
}
