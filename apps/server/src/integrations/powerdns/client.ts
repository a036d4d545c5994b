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

export interface PowerDnsStatistic {
  name: string;
  type: string;
  value: unknown;
}

/** A refusal by the API: `status` 422 means PowerDNS found the data itself wrong. */
export class PowerDnsError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`PowerDNS answered ${status}: ${detail}`);
  }
}

/** `example.com` → `example.com.` (PowerDNS's names are absolute). */
export const absolute = (name: string) => (name.endsWith('.') ? name : `${name}.`);

export function powerDnsClient(options: { apiUrl: string; apiKey: string; server?: string }) {
  const base = `${options.apiUrl.replace(/\/$/, '')}/api/v1/servers/${options.server ?? 'localhost'}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'X-API-Key': options.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try {
        detail = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new PowerDnsError(response.status, detail);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

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
