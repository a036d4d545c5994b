import { SITE_LINES, type SiteLineView } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { CNAME_ZONE_TTL, groupName } from '../cname-zone/cname-records';
import { nodesInDns } from '../cname-zone/cname-zone';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import { isOnline } from '../edge/node.repository';
import { readWebConfigSection } from '../web-config/web-config.service';
import { sites } from './site.schema';

/**
 * The line tab (issue 18 §1, spec §9 line priority, §3 custom CNAME record): the main and backup
 * lines of the site's node group as counts — a customer never sees node names or addresses —
 * and the site's record in the CNAME zone as the zone sync keeps it (cname-zone.ts builds it from
 * the same rows, so this is what PowerDNS holds once the sync has run).
 */
export function siteLineService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  return {
    async info(customerId: number, id: number): Promise<SiteLineView> {
      const [site] = await db
        .select({ cnameLabel: sites.cnameLabel, groupId: sites.nodeGroupId, groupName: edgeGroups.name })
        .from(sites)
        .innerJoin(edgeGroups, eq(edgeGroups.id, sites.nodeGroupId))
        .where(and(eq(sites.id, id), eq(sites.customerId, customerId)));
      if (!site) throw notFound();
      const counts = await db
        .select({
          line: edgeNodes.line,
          nodes: sql<number>`count(*)`.mapWith(Number),
          online: sql<number>`count(*) filter (where ${isOnline})`.mapWith(Number),
        })
        .from(edgeNodes)
        .where(and(eq(edgeNodes.groupId, site.groupId), eq(edgeNodes.enabled, true)))
        .groupBy(edgeNodes.line);
      // The zone answers with the group's main nodes in DNS, or its backup ones when none is.
      const inDns = (await nodesInDns(db)).filter((node) => node.groupId === site.groupId);
      const mainAnswers = inDns.some((node) => node.line === 'main');
      const lines = SITE_LINES.map((line) => {
        const row = counts.find((c) => c.line === line);
        return {
          line,
          nodes: row?.nodes ?? 0,
          online: row?.online ?? 0,
          answering:
            line === 'main' ? mainAnswers : !mainAnswers && inDns.some((node) => node.line === 'backup'),
        };
      });
      const { cnameDomain } = await readWebConfigSection(db, 'dns_rewrite');
      const zone = cnameDomain.trim().toLowerCase().replace(/\.$/, '');
      return {
        id,
        groupName: site.groupName,
        lines,
        cname: zone
          ? {
              recordId: `${site.cnameLabel}.${zone}/CNAME`,
              hostRecord: site.cnameLabel,
              zone,
              type: 'CNAME',
              lineType: 'default',
              value: groupName(zone, site.groupId).replace(/\.$/, ''),
              ttl: CNAME_ZONE_TTL,
            }
          : null,
      };
    },
  };
}
