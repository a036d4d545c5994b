import {
  DNS_ADMIN_PATHS,
  dnsAdminChartSchema,
  dnsServerListSchema,
  dnsUpdateStatusSchema,
  envelopeSchema,
  type DnsServerInfo,
  type DNS_SERVER_KINDS,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DnsServer } from '../../platform/dns-servers';
import { ok } from '../../platform/http/envelope';
import { dnsZoneRepository } from './dns-zone.repository';

/** What both PowerDNS clients answer alike: the server's own description and its counters. */
interface DescribedServer {
  server(): Promise<{ version: string }>;
  statistics(): Promise<{ name: string; type: string; value: unknown }[]>;
}

// Only the shell command: the console offers it to copy and paste (restarting Nimbus after it is said beside it).
const UPGRADE_COMMAND =
  'apt-get update && apt-get install --only-upgrade pdns-server pdns-backend-lmdb pdns-recursor';

/** Plain counters only (rings and maps are lists of names), as numbers. */
const counters = (stats: { type: string; name: string; value: unknown }[]) =>
  Object.fromEntries(
    stats.filter((stat) => stat.type === 'StatisticItem').map((stat) => [stat.name, Number(stat.value)]),
  );

/** The DNS admin console's view of the PowerDNS servers (issue 9 §7): real values from their APIs. */
export function dnsAdminRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['dns-admin'];
  const servers = (): [(typeof DNS_SERVER_KINDS)[number], DnsServer<DescribedServer>][] => [
    ['authoritative', ctx.dns.authoritative],
    ['recursor', ctx.dns.recursor],
  ];

  async function describe(): Promise<DnsServerInfo[]> {
    return Promise.all(
      servers().map(async ([kind, server]): Promise<DnsServerInfo> => {
        if (server.state !== 'ready')
          return {
            kind,
            ready: false,
            version: null,
            uptimeSeconds: null,
            address: null,
            reason: server.reason,
            install: server.install,
          };
        try {
          const [info, stats] = await Promise.all([server.client.server(), server.client.statistics()]);
          const uptime = counters(stats).uptime;
          return {
            kind,
            ready: true,
            version: info.version,
            uptimeSeconds: uptime === undefined || Number.isNaN(uptime) ? null : uptime,
            address: `${server.dns.host}:${server.dns.port}`,
            reason: null,
            install: null,
          };
        } catch (error) {
          return {
            kind,
            ready: false,
            version: null,
            uptimeSeconds: null,
            address: null,
            reason: (error as Error).message,
            install: null,
          };
        }
      }),
    );
  }

  const updateStatus = async () => ({
    list: (await describe()).map(({ kind, version }) => ({ kind, version })),
    command: UPGRADE_COMMAND,
  });
  const adminGet = <T>(path: string, data: ZodType<T>, handler: () => Promise<T>) =>
    app.get(
      `/${path}`,
      { onRequest: ctx.guards.admin, schema: { tags, response: { 200: envelopeSchema(data) } } },
      async () => ok(await handler()),
    );

  adminGet(DNS_ADMIN_PATHS.versions, dnsServerListSchema, async () => ({ list: await describe() }));
  adminGet(DNS_ADMIN_PATHS.indexChart, dnsAdminChartSchema, async () => {
    const totals = await dnsZoneRepository(ctx.db).totals();
    const ready = servers().filter(([, server]) => server.state === 'ready');
    const values = await Promise.all(
      ready.map(async ([kind, server]) => ({
        kind,
        values: server.state === 'ready' ? counters(await server.client.statistics().catch(() => [])) : {},
      })),
    );
    return { ...totals, counters: values };
  });
  adminGet(DNS_ADMIN_PATHS.updateStatus, dnsUpdateStatusSchema, updateStatus);
  adminGet(DNS_ADMIN_PATHS.update, dnsUpdateStatusSchema, updateStatus);
}
