import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { readWebConfigSection } from '../web-config/web-config.service';
import { applyNameservers } from './apex';
import { dnsZoneRepository } from './dns-zone.repository';
import { nameserversOf } from './dns-zone.service';
import { NAMESERVERS_JOB } from './nameservers.job';

/** Zones read per query, and PowerDNS calls in flight at once (a 2-core machine shares it). */
const BATCH = 500;
const PARALLEL = 4;

/**
 * Gives every hosted zone in PowerDNS the name servers of web config (issue 22 §5): the console
 * shows them for old zones as for new ones, so PowerDNS must answer them too. Paused zones are not
 * in PowerDNS and take them when enabled again. Each zone is compared first, so a run after a
 * failure or a second request only changes what still differs.
 */
export function nameserversSync(ctx: Pick<AppContext, 'db' | 'dns'>) {
  return {
    async run(): Promise<{ zones: number; changed: number; failed: string[] } | { skipped: string }> {
      const server = ctx.dns.authoritative;
      if (server.state !== 'ready') return { skipped: server.reason };
      const { dnsAddress } = await readWebConfigSection(ctx.db, 'dns_rewrite');
      let zones = 0;
      let changed = 0;
      const failed: string[] = [];
      for (let after = 0; ;) {
        const batch = await dnsZoneRepository(ctx.db).enabledAfter(after, BATCH);
        if (!batch.length) break;
        for (let start = 0; start < batch.length; start += PARALLEL) {
          const results = await Promise.allSettled(
            batch
              .slice(start, start + PARALLEL)
              .map((zone) =>
                applyNameservers(server.client, zone.name, nameserversOf(dnsAddress, zone.name)),
              ),
          );
          results.forEach((result, index) => {
            if (result.status === 'fulfilled') changed += result.value ? 1 : 0;
            else failed.push(batch[start + index]!.name);
          });
        }
        zones += batch.length;
        after = batch[batch.length - 1]!.id;
      }
      return { zones, changed, failed };
    },
  };
}

/** Runs the sync as a job; a zone PowerDNS refused fails the run, so the queue retries it later. */
export function handleNameserversJob(ctx: Pick<AppContext, 'db' | 'dns' | 'jobs'>, log: FastifyBaseLogger) {
  const sync = nameserversSync(ctx);
  ctx.jobs.handle(NAMESERVERS_JOB, async () => {
    const result = await sync.run();
    if ('skipped' in result) return;
    if (result.changed) log.info({ zones: result.zones, changed: result.changed }, 'name servers applied');
    if (result.failed.length)
      throw new Error(
        `name servers not applied to ${result.failed.length} zones: ${result.failed.slice(0, 10).join(', ')}`,
      );
  });
}
