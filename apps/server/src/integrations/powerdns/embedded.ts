import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { findProgram, startDaemon, type Daemon } from '../../platform/daemon';
import { powerDnsClient, type PowerDnsClient } from './client';

export interface HostPort {
  host: string;
  port: number;
}

export interface EmbeddedPowerDns {
  client: PowerDnsClient;
  apiUrl: string;
  /** Where it answers DNS queries. */
  dns: HostPort;
  /** Where Nimbus puts the line table and library its LUA records read (ADR 0025). */
  linesDir: string;
  daemon: Daemon;
}

/** The API key lives beside the data, made once, readable by its owner only. */
function apiKeyIn(dir: string): string {
  const file = path.join(dir, 'api.key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Starts Debian's pdns_server with its own pdns.conf under `dir` (ADR 0022): records in an LMDB
 * file there, the HTTP API on `api` for Nimbus alone, DNS on `dns`, LUA records on. Throws with
 * PowerDNS's own words when it cannot start.
 */
export async function startEmbeddedPowerDns(options: {
  dir: string;
  dns: HostPort;
  api: HostPort;
}): Promise<EmbeddedPowerDns> {
  const program = findProgram('pdns_server');
  if (!program) throw new Error('pdns_server is not installed');
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const apiKey = apiKeyIn(options.dir);
  const settings = {
    launch: 'lmdb',
    'lmdb-filename': path.join(options.dir, 'pdns.lmdb'),
    'lmdb-shards': 1,
    'lmdb-sync-mode': 'sync',
    api: 'yes',
    'api-key': apiKey,
    webserver: 'yes',
    'webserver-address': options.api.host,
    'webserver-port': options.api.port,
    'webserver-allow-from': '127.0.0.0/8,::1',
    'local-address': `${options.dns.host}:${options.dns.port}`,
    'enable-lua-records': 'yes',
    // A line lookup (ADR 0025) is a binary search of the line table: some hundreds of Lua
    // instructions, beyond the default limit of 1000 with little to spare.
    'lua-records-exec-limit': 20_000,
    'edns-subnet-processing': 'yes',
    // Answers change the moment Nimbus saves them: no packet or query cache to wait out.
    'cache-ttl': 0,
    'negquery-cache-ttl': 0,
    'query-cache-ttl': 0,
    'zone-cache-refresh-interval': 0,
    'default-soa-content': 'ns1.@ hostmaster.@ 0 10800 3600 604800 300',
    'socket-dir': options.dir,
    // The closed network of a self-hosted install: no DNS lookups of PowerDNS's own news.
    'security-poll-suffix': '',
    guardian: 'no',
    daemon: 'no',
    'disable-syslog': 'yes',
    'log-timestamp': 'no',
    loglevel: 4,
  };
  fs.writeFileSync(
    path.join(options.dir, 'pdns.conf'),
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
  const apiUrl = `http://${options.api.host}:${options.api.port}`;
  const client = powerDnsClient({ apiUrl, apiKey });
  const daemon = await startDaemon({
    command: program,
    args: [`--config-dir=${options.dir}`],
    ready: async () => (await client.server()).daemon_type === 'authoritative',
  });
  return { client, apiUrl, dns: options.dns, linesDir: path.join(options.dir, 'lines'), daemon };
}
