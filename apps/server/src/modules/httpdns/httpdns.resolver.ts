import net from 'node:net';
import dnsPacket from 'dns-packet';
import type { HostPort } from '../../integrations/powerdns/embedded';
import { DnsQueryError, exchangeTcp, type UdpExchanger } from './httpdns.udp';

export type HttpdnsRecordType = 'A' | 'AAAA';

export interface HttpdnsAnswer {
  /** A / AAAA addresses the authoritative server gave, in its order. */
  ips: string[];
  /** The smallest TTL of those records (0 when there are none). */
  ttl: number;
  /** NOERROR, NXDOMAIN, REFUSED (a name in no zone of ours)… */
  rcode: string;
}

/**
 * EDNS client-subnet prefixes as public resolvers send them (RFC 7871 §11.1 recommends /24 and
 * /56): enough for PowerDNS's line and netmask rules, without handing over the whole address.
 */
const PREFIX = { 4: 24, 6: 56 } as const;

/** A query for `name` as `clientIp`'s resolver sends it: with that client's subnet (EDNS, RFC 7871). */
export function queryForClient(name: string, type: dnsPacket.RecordType, clientIp: string): Buffer {
  const family = net.isIPv6(clientIp) ? 6 : 4;
  return dnsPacket.encode({
    type: 'query',
    // The id is set by the exchanger, unique among the queries in flight.
    id: 0,
    flags: 0,
    questions: [{ type, name, class: 'IN' }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 4096,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        // 8 = CLIENT_SUBNET (RFC 7871); family 1 IPv4, 2 IPv6.
        options: [
          { code: 8, family: family === 6 ? 2 : 1, sourcePrefixLength: PREFIX[family], ip: clientIp },
        ],
      },
    ],
  });
}

/**
 * Asks the authoritative server for `name` as `clientIp`'s resolver would, so LUA and line rules
 * that look at the client subnet choose that client's answer. Only what the server answers with
 * authority counts: a CNAME leading out of our zones is not followed (that would be recursion).
 */
export async function resolveForClient(
  udp: UdpExchanger,
  server: HostPort,
  name: string,
  type: HttpdnsRecordType,
  clientIp: string,
): Promise<HttpdnsAnswer> {
  const message = queryForClient(name, type, clientIp);
  let reply = dnsPacket.decode(await udp.exchange(server, message));
  if (reply.flag_tc) reply = dnsPacket.decode(await exchangeTcp(server, message));
  const rcode = (reply as { rcode?: string }).rcode ?? 'NOERROR';
  if (rcode === 'SERVFAIL') throw new DnsQueryError('the authoritative server failed (SERVFAIL)');
  const records = (reply.answers ?? []).filter(
    (answer): answer is dnsPacket.StringAnswer => answer.type === type,
  );
  const ips = records.map((record) => record.data);
  const ttl = records.length === 0 ? 0 : Math.min(...records.map((record) => record.ttl ?? 0));
  return { ips, ttl, rcode };
}
