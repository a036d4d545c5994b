import { absolute, PowerDnsError, powerDnsApi } from './api-call';

export { absolute, PowerDnsError };

/**
 * PowerDNS Authoritative's HTTP API (4.7): zones and their record sets, DNSSEC keys, the server's
 * statistics. Nimbus never writes PowerDNS's storage directly, only through here.
 */

export interface PowerDnsRecord {
  content: string;
  disabled: boolean;
}

export interface PowerDnsRRset {
  /** Absolute, with the trailing dot. */
  name: string;
  type: string;
  ttl?: number;
  changetype?: 'REPLACE' | 'DELETE';
  records: PowerDnsRecord[];
}

export interface PowerDnsZone {
  id: string;
  name: string;
  kind: string;
  serial: number;
  dnssec: boolean;
  rrsets?: PowerDnsRRset[];
}

export interface PowerDnsCryptoKey {
  id: number;
  keytype: string;
  active: boolean;
  algorithm: string;
  bits: number;
  dnskey: string;
  ds?: string[];
}

/** A counter (`value` a number as text), or a ring of recent items with their counts. */
export type PowerDnsStatistic =
  | { name: string; type: 'StatisticItem'; value: string }
  | { name: string; type: 'RingStatisticItem'; size: string; value: { name: string; value: string }[] }
  | { name: string; type: 'MapStatisticItem'; value: { name: string; value: string }[] };

export function powerDnsClient(options: { apiUrl: string; apiKey: string }) {
  const call = powerDnsApi(options);

  const zonePath = (zone: string) => `/zones/${encodeURIComponent(absolute(zone))}`;

  return {
    server: () => call<{ version: string; daemon_type: string }>('GET', ''),
    statistics: () => call<PowerDnsStatistic[]>('GET', '/statistics'),

    /** A Native zone (no transfers) with its SOA and NS records. */
    createZone: (zone: string, nameservers: string[], rrsets: PowerDnsRRset[] = []) =>
      call<PowerDnsZone>('POST', '/zones?rrsets=false', {
        name: absolute(zone),
        kind: 'Native',
        nameservers: nameservers.map(absolute),
        rrsets,
      }),
    /** The zone without its records, or undefined when PowerDNS does not have it. */
    async zone(zone: string): Promise<PowerDnsZone | undefined> {
      try {
        return await call<PowerDnsZone>('GET', `${zonePath(zone)}?rrsets=false`);
      } catch (error) {
        if (error instanceof PowerDnsError && (error.status === 404 || error.status === 422))
          return undefined;
        throw error;
      }
    },
    zoneWithRecords: (zone: string) => call<PowerDnsZone>('GET', zonePath(zone)),
    /**
     * The record sets at the zone's own name only (its SOA and NS among them), or undefined when
     * PowerDNS does not have the zone: reading a 100,000-record zone whole to see its NS costs
     * far more.
     */
    async apex(zone: string): Promise<PowerDnsRRset[] | undefined> {
      try {
        const found = await call<PowerDnsZone>(
          'GET',
          `${zonePath(zone)}?rrset_name=${encodeURIComponent(absolute(zone))}`,
        );
        return found.rrsets ?? [];
      } catch (error) {
        if (error instanceof PowerDnsError && (error.status === 404 || error.status === 422))
          return undefined;
        throw error;
      }
    },
    async deleteZone(zone: string): Promise<void> {
      try {
        await call('DELETE', zonePath(zone));
      } catch (error) {
        if (!(error instanceof PowerDnsError && (error.status === 404 || error.status === 422))) throw error;
      }
    },
    /** Replaces or deletes whole record sets (name and type), in one change of the zone. */
    patchRRsets: (zone: string, rrsets: PowerDnsRRset[]) => call<void>('PATCH', zonePath(zone), { rrsets }),

    cryptoKeys: (zone: string) => call<PowerDnsCryptoKey[]>('GET', `${zonePath(zone)}/cryptokeys`),
    /** Signs the zone with one combined key (CSK, ECDSA P-256: short DS and DNSKEY answers). */
    addCryptoKey: (zone: string) =>
      call<PowerDnsCryptoKey>('POST', `${zonePath(zone)}/cryptokeys`, {
        keytype: 'csk',
        active: true,
        algorithm: 'ECDSAP256SHA256',
      }),
    deleteCryptoKey: (zone: string, id: number) => call<void>('DELETE', `${zonePath(zone)}/cryptokeys/${id}`),
  };
}

export type PowerDnsClient = ReturnType<typeof powerDnsClient>;
