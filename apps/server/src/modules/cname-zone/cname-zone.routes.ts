import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { CNAME_ZONE_JOB, CNAME_ZONE_SPEC, cnameZone, requestCnameZoneSync } from './cname-zone';

/**
 * The CDN's CNAME zone has no screen of its own: it follows sites, nodes and the web config by
 * itself (migration 0018 announces their changes), and once a minute repairs any drift.
 */
export function cnameZoneRoutes(api: FastifyInstance, ctx: AppContext) {
  if (ctx.dns.authoritative.state !== 'ready') return;
  const zone = cnameZone(ctx);
  ctx.jobs.handle(CNAME_ZONE_JOB, async () => {
    const result = await zone.sync();
    if ('changed' in result && result.changed) api.log.info({ changed: result.changed }, 'CNAME zone synced');
  });
  ctx.jobs.schedule('* * * * *', CNAME_ZONE_JOB, CNAME_ZONE_SPEC);
  ctx.changes.subscribe('cname_zone', () => {
    requestCnameZoneSync(ctx.db).catch((error: unknown) =>
      api.log.warn({ err: error }, 'could not queue a CNAME zone sync'),
    );
  });
}
