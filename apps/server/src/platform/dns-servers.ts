import path from 'node:path';
import { powerDnsClient, type PowerDnsClient } from '../integrations/powerdns/client';
import { startEmbeddedPowerDns, type HostPort } from '../integrations/powerdns/embedded';
import { recursorClient, type RecursorClient } from '../integrations/pdns-recursor/client';
import { startEmbeddedRecursor } from '../integrations/pdns-recursor/embedded';
import type { AppConfig } from './config';

/** What the DNS screens show when a server is not there, instead of any answer of their own. */
export interface DnsServerMissing {
  state: 'missing';
  /** Why: not installed, or its start failed with its own words. */
  reason: string;
  /** The command that installs it on Debian. */
  install: string;
}

export type DnsServer<Client> = { state: 'ready'; client: Client; dns: HostPort } | DnsServerMissing;

/** The authoritative server, and where it reads the line data of LUA records (null: no lines). */
export type AuthoritativeServer =
  { state: 'ready'; client: PowerDnsClient; dns: HostPort; linesDir: string | null } | DnsServerMissing;

/** The PowerDNS servers Nimbus drives (ADR 0022); each may be missing on this machine. */
export interface DnsServers {
  authoritative: AuthoritativeServer;
  recursor: DnsServer<RecursorClient>;
  close(): Promise<void>;
}

export const PDNS_INSTALL = 'apt-get install pdns-server pdns-backend-lmdb';
export const RECURSOR_INSTALL = 'apt-get install pdns-recursor';

/** No server at all, for `reason` (an app built without them). */
export const noDnsServers = (reason: string): DnsServers => ({
  authoritative: { state: 'missing', reason, install: PDNS_INSTALL },
  recursor: { state: 'missing', reason, install: RECURSOR_INSTALL },
  close: async () => {},
});

/**
 * Connects to the PowerDNS servers named by PDNS_API_URL (and PDNS_DNS_ADDRESS), or starts
 * Debian's under DATA_DIR/powerdns when installed. A server that is not there is reported as
 * missing, with the reason; Nimbus runs on without it.
 */
export async function openDnsServers(config: AppConfig): Promise<DnsServers> {
  const { powerdns } = config;
  const stops: (() => Promise<void>)[] = [];
  let authoritative: DnsServers['authoritative'];
  if (powerdns.apiUrl) {
    authoritative = {
      state: 'ready',
      client: powerDnsClient({ apiUrl: powerdns.apiUrl, apiKey: powerdns.apiKey ?? '' }),
      dns: powerdns.dns,
      linesDir: powerdns.linesDir ?? null,
    };
  } else {
    try {
      const embedded = await startEmbeddedPowerDns({
        dir: path.join(config.dataDir, 'powerdns'),
        dns: powerdns.dns,
        api: powerdns.api,
      });
      stops.push(() => embedded.daemon.stop());
      authoritative = {
        state: 'ready',
        client: embedded.client,
        dns: embedded.dns,
        linesDir: embedded.linesDir,
      };
    } catch (error) {
      authoritative = { state: 'missing', reason: (error as Error).message, install: PDNS_INSTALL };
    }
  }
  const recursor = await openRecursor(config, stops);
  return {
    authoritative,
    recursor,
    close: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

/** PDNS_RECURSOR_API_URL's server, or Debian's pdns_recursor under DATA_DIR/pdns-recursor. */
async function openRecursor(
  config: AppConfig,
  stops: (() => Promise<void>)[],
): Promise<DnsServers['recursor']> {
  const { recursor } = config;
  if (recursor.apiUrl)
    return {
      state: 'ready',
      client: recursorClient({ apiUrl: recursor.apiUrl, apiKey: recursor.apiKey ?? '' }),
      dns: recursor.dns,
    };
  try {
    const embedded = await startEmbeddedRecursor({
      dir: path.join(config.dataDir, 'pdns-recursor'),
      dns: recursor.dns,
      api: recursor.api,
    });
    stops.push(() => embedded.stop());
    return { state: 'ready', client: embedded.client, dns: embedded.dns };
  } catch (error) {
    return { state: 'missing', reason: (error as Error).message, install: RECURSOR_INSTALL };
  }
}
