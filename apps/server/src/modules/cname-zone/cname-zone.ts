import { and, eq, sql } from 'drizzle-orm';

import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { addJob } from '../../platform/jobs/jobs';
import { applyNameservers } from '../dns-zone/apex';
import { nameserversOf } from '../dns-zone/dns-zone.service';
import { edgeNodes } from '../edge/edge.schema';
import { nodeMonitorStates } from '../node-monitor/node-monitor.schema';
import { sites } from '../site/site.schema';
import { readWebConfigSection } from '../web-config/web-config.service';
import { desiredRRsets, zoneChanges, type ZoneNode } from './cname-records';

export const CNAME_ZONE_JOB = 'cname-zone-sync';
/** Syncs never overlap (an older one finishing last would write an older zone); waiting ones coalesce. */
export const CNAME_ZONE_SPEC = { jobKey: CNAME_ZONE_JOB, queue: CNAME_ZONE_JOB };

/** Asks for a sync soon; requests within a second coalesce into one run across all processes. */
export const requestCnameZoneSync = (db: DbOrTx) =>
  addJob(db, CNAME_ZONE_JOB, {}, { ...CNAME_ZONE_SPEC, runAt: new Date(Date.now() + 1_000) });

/** The nodes that answer in the CNAME zone: enabled ones the node monitor has not taken out (ADR 0023). */
export async function nodesInDns(db: DbOrTx): Promise<ZoneNode[]> {
  return db
    .select({ groupId: edgeNodes.groupId, ipv4: edgeNodes.ipv4, ipv6: edgeNodes.ipv6, line: edgeNodes.line })
    .from(edgeNodes)
    .leftJoin(nodeMonitorStates, eq(nodeMonitorStates.nodeId, edgeNodes.id))
    .where(and(eq(edgeNodes.enabled, true), sql`coalesce(${nodeMonitorStates.inDns}, true)`));
}

/** At most this many record sets in one PATCH, so a 10,000-site first sync is not one huge request. */
const PATCH_CHUNK = 1_000;

/**
 * Keeps the zone of web config dns_rewrite.cnameDomain in PowerDNS in step with the sites and
 * nodes (issue 9 §3): it compares what PowerDNS holds with what it should and sends only the
 * difference, so a run is cheap when nothing changed and repairs any drift when something did.
 */
export function cnameZone(ctx: Pick<AppContext, 'db' | 'dns'>) {
  return {
    async sync(): Promise<{ changed: number } | { skipped: string }> {
      const server = ctx.dns.authoritative;
      if (server.state !== 'ready') return { skipped: server.reason };
      const { cnameDomain, dnsAddress } = await readWebConfigSection(ctx.db, 'dns_rewrite');
      const domain = cnameDomain.toLowerCase().replace(/\.$/, '');
      if (!domain) return { skipped: 'no CNAME domain is set (web config dns_rewrite.cnameDomain)' };
      const pdns = server.client;
      const hosts = nameserversOf(dnsAddress, domain);
      if (!(await pdns.zone(domain))) await pdns.createZone(domain, hosts);
      // Web config's name servers may have changed since the zone was made (issue 22 §5).
      const apexChanged = await applyNameservers(pdns, domain, hosts);
      const [nodes, siteRows, zone] = await Promise.all([
        nodesInDns(ctx.db),
        ctx.db.select({ cnameLabel: sites.cnameLabel, nodeGroupId: sites.nodeGroupId }).from(sites),
        pdns.zoneWithRecords(domain),
      ]);
      const changes = zoneChanges(domain, zone.rrsets ?? [], desiredRRsets(domain, nodes, siteRows));
      for (let start = 0; start < changes.length; start += PATCH_CHUNK)
        await pdns.patchRRsets(domain, changes.slice(start, start + PATCH_CHUNK));
      return { changed: changes.length + (apexChanged ? 1 : 0) };
    },
  };
}
