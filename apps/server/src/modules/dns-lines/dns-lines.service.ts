import { DNS_LINES, dnsLineGroup, type IpArea, type LineCatalogue } from '@nimbus/contract';
import { isIPv4 } from 'node:net';
import { ipPlace } from '../../integrations/ip2region/ip2region';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import { installLines } from './line-files';
import { linesOfPlace } from './lines-of-place';

/** Carrier and region lines (issue 9 §2, ADR 0025): the catalogue, an address's lines, the LUA library. */
export function dnsLinesService(ctx: Pick<AppContext, 'dns'>) {
  function linesDir(): { dir: string } | { reason: NonNullable<LineCatalogue['reason']> } {
    const server = ctx.dns.authoritative;
    if (server.state !== 'ready') return { reason: 'serverMissing' };
    return server.linesDir ? { dir: server.linesDir } : { reason: 'noLinesDir' };
  }

  return {
    catalogue(): LineCatalogue {
      const where = linesDir();
      return {
        lines: DNS_LINES.map((code) => ({ code, group: dnsLineGroup(code) })),
        available: 'dir' in where,
        ...('reason' in where ? { reason: where.reason } : {}),
      };
    },

    /** Where the IP database puts `ip`, and the lines its DNS answers come from (IPv4; IPv6 gets the default). */
    ipArea(ip: string): IpArea {
      const place = ipPlace(ip) ?? { country: '', province: '', city: '', isp: '' };
      return { ip, ...place, lines: isIPv4(ip) ? linesOfPlace(place) : ['default'] };
    },

    /** The LUA library's path, its data written where PowerDNS reads it; refused without one. */
    async library(): Promise<string> {
      const where = linesDir();
      if (!('dir' in where)) throw badRequest('dns.linesUnavailable');
      return installLines(where.dir);
    },
  };
}
