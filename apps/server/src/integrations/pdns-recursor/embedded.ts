import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { findProgram, startDaemon, type Daemon } from '../../platform/daemon';
import type { HostPort } from '../powerdns/embedded';
import { NO_CLIENT, recursorClient, type RecursorClient } from './client';

export interface EmbeddedRecursor {
  client: RecursorClient;
  apiUrl: string;
  /** Where it answers DNS queries. */
  dns: HostPort;
  /** The running process (a new one after the root hints changed). */
  daemon(): Daemon;
  stop(): Promise<void>;
}

/** The API key lives beside the config, made once, readable by its owner only. */
function apiKeyIn(dir: string): string {
  const file = path.join(dir, 'api.key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * A root hints file naming the given addresses as the root's servers. The names are ours
 * (the recursor primes with them, then asks those servers for the root's real NS set).
 */
export function rootHintsFile(ips: readonly string[]): string {
  const lines = ips.flatMap((ip, index) => {
    const name = `root-${index + 1}.nimbus-hints.invalid.`;
    return [`.\t3600000\tIN\tNS\t${name}`, `${name}\t3600000\tIN\t${ip.includes(':') ? 'AAAA' : 'A'}\t${ip}`];
  });
  return lines.join('\n') + '\n';
}

/**
 * A Recursor left running by a Nimbus that was killed (kill -9 skips its stop) holds the ports;
 * the pid file it keeps in `dir` finds it, and its command line proves it is ours to stop.
 */
async function stopLeftOver(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'pdns_recursor.pid');
  const pid = Number.parseInt(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : '', 10);
  if (!Number.isInteger(pid) || pid <= 1) return;
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // gone already
  }
  if (!commandLine.includes('pdns_recursor') || !commandLine.includes(`--config-dir=${dir}`)) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && fs.existsSync(`/proc/${pid}`); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

function writeConfig(dir: string, options: { dns: HostPort; api: HostPort; apiKey: string }) {
  const apiDir = path.join(dir, 'api');
  fs.mkdirSync(apiDir, { recursive: true, mode: 0o700 });
  const hints = path.join(dir, 'root.hints');
  const settings: Record<string, string | number> = {
    // The ACL and forward zones the API writes live in api/, read back at every start.
    'api-config-dir': apiDir,
    'include-dir': apiDir,
    webserver: 'yes',
    'webserver-address': options.api.host,
    'webserver-port': options.api.port,
    'webserver-allow-from': '127.0.0.0/8,::1',
    'api-key': options.apiKey,
    'local-address': options.dns.host,
    'local-port': options.dns.port,
    // Its first start serves no one until Nimbus has sent the segments.
    'allow-from': NO_CLIENT,
    // The API's zone files add to these (`+=`), which the Recursor refuses without a parent.
    'forward-zones': '',
    'forward-zones-recurse': '',
    'socket-dir': dir,
    // The closed network of a self-hosted install: no DNS lookups of PowerDNS's own news.
    'security-poll-suffix': '',
    daemon: 'no',
    'disable-syslog': 'yes',
    'log-timestamp': 'no',
    threads: 1,
    quiet: 'yes',
  };
  // Without a file of ours the Recursor uses its built-in hints (the Internet's root servers).
  if (fs.existsSync(hints)) settings['hint-file'] = hints;
  fs.writeFileSync(
    path.join(dir, 'recursor.conf'),
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
}

/**
 * Starts Debian's pdns_recursor with its own recursor.conf under `dir`: the HTTP API on `api`
 * for Nimbus alone, DNS on `dns`, serving no client until the segments are sent. Throws with
 * the Recursor's own words when it cannot start.
 *
 * Root hints: Recursor 4.8 has no API for them and `rec_control reload-zones` re-reads zones,
 * not `hint-file` (the file is read again only when the root NS set falls out of the cache).
 * Changing them here rewrites `root.hints` and restarts the process; the ACL and forward zones
 * come back from api/ and the cache starts empty, so the new root is used at once.
 */
export async function startEmbeddedRecursor(options: {
  dir: string;
  dns: HostPort;
  api: HostPort;
}): Promise<EmbeddedRecursor> {
  const program = findProgram('pdns_recursor');
  if (!program) throw new Error('pdns_recursor is not installed');
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const apiKey = apiKeyIn(options.dir);
  await stopLeftOver(options.dir);
  const apiUrl = `http://${options.api.host}:${options.api.port}`;
  const hints = path.join(options.dir, 'root.hints');

  const start = async () => {
    writeConfig(options.dir, { dns: options.dns, api: options.api, apiKey });
    return startDaemon({
      command: program,
      args: [`--config-dir=${options.dir}`],
      ready: async () => (await probe.server()).daemon_type === 'recursor',
    });
  };
  const probe = recursorClient({ apiUrl, apiKey });
  let daemon = await start();
  // One restart at a time: two quick saves must not start two processes on one port.
  let restarting: Promise<void> = Promise.resolve();

  const setRootHints = (ips: readonly string[]) => {
    const next = restarting.then(async () => {
      const wanted = ips.length > 0 ? rootHintsFile(ips) : undefined;
      const current = fs.existsSync(hints) ? fs.readFileSync(hints, 'utf8') : undefined;
      if (wanted === current && daemon.running()) return;
      if (wanted === undefined) fs.rmSync(hints, { force: true });
      else fs.writeFileSync(hints, wanted, { mode: 0o600 });
      await daemon.stop();
      daemon = await start();
    });
    restarting = next.catch(() => {});
    return next;
  };

  return {
    client: recursorClient({ apiUrl, apiKey, setRootHints }),
    apiUrl,
    dns: options.dns,
    daemon: () => daemon,
    stop: async () => {
      await restarting;
      await daemon.stop();
    },
  };
}
