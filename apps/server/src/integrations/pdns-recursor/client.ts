import { absolute, PowerDnsError, powerDnsApi } from '../powerdns/api-call';

/**
 * PowerDNS Recursor's HTTP API (4.8): server info, statistics, the allow-from ACL, forward
 * zones and the cache. Nimbus never edits the Recursor's files itself, only through here
 * (the one exception is the root hints, which Recursor 4.8 has no API for: see embedded.ts).
 *
 * The ACL and the zones are written by the Recursor into its `api-config-dir`, which must be
 * its `include-dir` too so they outlive a restart.
 */

export interface RecursorZone {
  id: string;
  /** Absolute, with the trailing dot. */
  name: string;
  /** `Native` (served from a file), `Forwarded` (sent on to `servers`). */
  kind: string;
  servers: string[];
  recursion_desired: boolean;
}

export interface RecursorStatistic {
  name: string;
  type: string;
  value: unknown;
}

/** A refusal by the Recursor's API: `status` 422 means it found the data itself wrong. */
export class RecursorError extends PowerDnsError {
  constructor(status: number, detail: string) {
    super(status, detail, 'PowerDNS Recursor');
  }
}

/**
 * Nobody: Recursor 4.8 reads an empty `allow-from` as "everyone", so "no client" is a mask no
 * packet can come from (0.0.0.0 is never a source address).
 */
export const NO_CLIENT = '0.0.0.0/32';

export interface ForwardZone {
  /** The zone whose names are forwarded; `.` for every name. */
  name: string;
  /** `ip` or `ip:port` / `[ipv6]:port`. */
  servers: string[];
  /** Upstreams are resolvers (they recurse) rather than the zone's authoritative servers. */
  recursionDesired: boolean;
}

export function recursorClient(options: {
  apiUrl: string;
  apiKey: string;
  /**
   * Replaces the root hints. Only a Recursor Nimbus runs itself can (4.8 reads them from its
   * `hint-file` alone); for an existing server it is undefined.
   */
  setRootHints?: (ips: readonly string[]) => Promise<void>;
}) {
  const call = powerDnsApi(options, (status, detail) => new RecursorError(status, detail));

  // The API's path router drops a zone id's trailing dot; `=2E` is its own escape for it.
  const zonePath = (id: string) => `/zones/${encodeURIComponent(id.replace(/\.$/, '=2E'))}`;

  const client = {
    server: () => call<{ version: string; daemon_type: string }>('GET', ''),
    statistics: () => call<RecursorStatistic[]>('GET', '/statistics'),

    allowFrom: async () => (await call<{ name: string; value: string[] }>('GET', '/config/allow-from')).value,
    /**
     * Who may query. Beware: an empty list means everyone to the Recursor (its `allow-from=`
     * unset), so callers that mean "no one" must say so with a mask no client has.
     */
    setAllowFrom: async (masks: readonly string[]) =>
      (await call<{ value: string[] }>('PUT', '/config/allow-from', { name: 'allow-from', value: masks }))
        .value,

    zones: () => call<RecursorZone[]>('GET', '/zones'),
    forwardZones: async () => (await client.zones()).filter((zone) => zone.kind === 'Forwarded'),
    /** Creates the forward zone, or replaces the one of that name. */
    async putForwardZone(zone: ForwardZone): Promise<void> {
      const name = absolute(zone.name);
      const existing = (await client.zones()).find((z) => z.name === name);
      if (existing) await call('DELETE', zonePath(existing.id));
      await call('POST', '/zones', {
        name,
        kind: 'Forwarded',
        servers: zone.servers,
        recursion_desired: zone.recursionDesired,
      });
    },
    async deleteZone(name: string): Promise<void> {
      const existing = (await client.zones()).find((z) => z.name === absolute(name));
      if (existing) await call('DELETE', zonePath(existing.id));
    },
    /** Drops cached answers for the name and everything below it. */
    flushCache: (name: string) =>
      call<{ count: number }>('PUT', `/cache/flush?domain=${encodeURIComponent(absolute(name))}`),

    /** Whether root hints can be set on this server (only on the one Nimbus runs). */
    rootHintsSettable: options.setRootHints !== undefined,
    async setRootHints(ips: readonly string[]): Promise<void> {
      if (!options.setRootHints)
        throw new RecursorError(
          422,
          'root hints of an existing Recursor are its own hint-file setting; Nimbus cannot change them',
        );
      await options.setRootHints(ips);
    },
  };
  return client;
}

export type RecursorClient = ReturnType<typeof recursorClient>;
