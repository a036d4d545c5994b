import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EDGE_CONTROL_PORT } from '@nimbus/contract';

export type NginxMode = 'managed' | 'system';

export interface AgentConfig {
  /** The console's base URL, without a trailing slash; the edge API is under `<server>/api/`. */
  server: string;
  token: string;
  dataDir: string;
  mode: NginxMode;
  nginxBin: string;
  controlPort: number;
  /** Where this node's sites listen: preheat requests go here, not through DNS. */
  listenAddress: string;
  /** DNS server for origin host names (`ip` or `ip:port`); undefined: the system's resolver. */
  resolver: string | undefined;
  /** How often origin host names are resolved again, in seconds. */
  resolveIntervalSeconds: number;
  /** The most each spool of unsent log batches may hold; beyond it the oldest are dropped. */
  logSpoolBytes: number;
  /** requests.log and streams.log are rotated once they reach this size (LOG_ROTATE_BYTES; tests lower it). */
  logRotateBytes: number;
  /** False with --no-request-log: nginx writes no request or session lines and nothing is shipped. */
  requestLog: boolean;
}

/** Origin names are resolved again this often by default, and never more often than the minimum. */
export const RESOLVE_INTERVAL_DEFAULT = 60;
export const RESOLVE_INTERVAL_MIN = 5;
export const LOG_SPOOL_MB_DEFAULT = 512;
/** Big enough that rotations are rare, small enough that the last file ships quickly after one. */
export const LOG_ROTATE_BYTES = 64 * 1024 * 1024;

/** Where everything lives. The system nginx keeps Debian's paths so its service unit still works. */
export interface Layout {
  dataDir: string;
  versionsDir: string;
  stateFile: string;
  logsDir: string;
  errorLog: string;
  /** Site requests, one JSON line each (main-conf.ts), rotated and shipped by logs/shipper.ts. */
  requestLog: string;
  /** Closed batches of request lines waiting for the console, gzip, one file per batch id. */
  logSpoolDir: string;
  /** Where shipping stands: the log file's generation, the offset spooled up to, lines dropped. */
  logStateFile: string;
  /** Layer-4 sessions, one JSON line each (main-conf.ts), shipped like requestLog with its own spool and state. */
  streamLog: string;
  streamSpoolDir: string;
  streamStateFile: string;
  tmpDir: string;
  cacheDir: string;
  mainConf: string;
  nextConf: string;
  pidFile: string;
  /** nginx snippet holding the control server's secret (see control.ts); never in a bundle. */
  controlSecretConf: string;
  /** Our Lua modules (ADR 0039), written by the agent at start: `<luaDir>/nimbus/*.lua`. */
  luaDir: string;
}

export const USAGE = `usage: nimbus-edge --server <console url> --token <node token> [options]
  --server <url>         the console, e.g. https://console.example.com  (or NIMBUS_EDGE_SERVER)
  --token <token>        this node's token  (or NIMBUS_EDGE_TOKEN, which keeps it out of ps)
  --data-dir <dir>       versions, cache, logs and state (default /var/lib/nimbus-edge)
  --manage-nginx         run and supervise an nginx of our own instead of the system's nginx
  --nginx <path>         the nginx binary (default /usr/sbin/nginx)
  --control-port <n>     the local control server on 127.0.0.1 (default 8089)
  --listen-address <ip>  the address this node's sites listen on, for preheating (default 127.0.0.1)
  --resolver <ip[:port]> DNS server for origin host names  (or NIMBUS_EDGE_RESOLVER; default: the system's)
  --resolve-interval <s> how often origin host names are resolved again (default 60, at least 5)
  --log-spool-mb <n>     log batches kept while the console is unreachable (default 512), for the
                         request log and the stream log each; beyond it the oldest are dropped and
                         their count reported
  --no-request-log       write and ship no request or session log lines: for an operator who wants
                         no analytics from this node (its traffic is then missing from the charts,
                         logs, plan usage and billing)`;

export class ConfigError extends Error {}

// nginx directives take these paths unquoted: anything that would end or split a token is refused.
const UNSAFE_PATH = /[\s;{}"'$#\\]/;

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): AgentConfig | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        'data-dir': { type: 'string', default: '/var/lib/nimbus-edge' },
        'manage-nginx': { type: 'boolean', default: false },
        nginx: { type: 'string', default: '/usr/sbin/nginx' },
        'control-port': { type: 'string', default: String(EDGE_CONTROL_PORT) },
        'listen-address': { type: 'string', default: '127.0.0.1' },
        resolver: { type: 'string' },
        'resolve-interval': { type: 'string', default: String(RESOLVE_INTERVAL_DEFAULT) },
        'log-spool-mb': { type: 'string', default: String(LOG_SPOOL_MB_DEFAULT) },
        'no-request-log': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (values.help) return 'help';

  const server = (values.server ?? env.NIMBUS_EDGE_SERVER ?? '').trim().replace(/\/+$/, '');
  if (!server) throw new ConfigError('--server is required (or set NIMBUS_EDGE_SERVER)');
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new ConfigError(`--server is not a URL: ${server}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`--server must be an http:// or https:// URL: ${server}`);
  }

  const token = (values.token ?? env.NIMBUS_EDGE_TOKEN ?? '').trim();
  if (!token) throw new ConfigError('--token is required (or set NIMBUS_EDGE_TOKEN)');

  const controlPort = Number(values['control-port']);
  if (!/^\d+$/.test(values['control-port']) || controlPort < 1 || controlPort > 65535) {
    throw new ConfigError(`--control-port must be a port from 1 to 65535: ${values['control-port']}`);
  }
  const listenAddress = values['listen-address'];
  if (!net.isIP(listenAddress))
    throw new ConfigError(`--listen-address must be an IP address: ${listenAddress}`);

  const resolver = (values.resolver ?? env.NIMBUS_EDGE_RESOLVER ?? '').trim() || undefined;
  if (resolver !== undefined && !isResolverAddress(resolver))
    throw new ConfigError(`--resolver must be an IP address, optionally with a port: ${resolver}`);
  const resolveIntervalSeconds = Number(values['resolve-interval']);
  if (!/^\d+$/.test(values['resolve-interval']) || resolveIntervalSeconds < RESOLVE_INTERVAL_MIN)
    throw new ConfigError(
      `--resolve-interval must be a whole number of seconds, at least ${RESOLVE_INTERVAL_MIN}: ${values['resolve-interval']}`,
    );

  const spoolMb = Number(values['log-spool-mb']);
  if (!/^\d+$/.test(values['log-spool-mb']) || spoolMb < 1)
    throw new ConfigError(
      `--log-spool-mb must be a whole number of megabytes, at least 1: ${values['log-spool-mb']}`,
    );
  // Not an operator's option: integration tests rotate after a few kilobytes instead of 64 MB.
  const rotate = env.NIMBUS_EDGE_LOG_ROTATE_BYTES;
  const logRotateBytes =
    rotate && /^\d+$/.test(rotate) && Number(rotate) > 0 ? Number(rotate) : LOG_ROTATE_BYTES;

  const dataDir = path.resolve(values['data-dir']);
  if (UNSAFE_PATH.test(dataDir)) {
    throw new ConfigError(`--data-dir must not contain spaces, quotes or ; { } $ # \\: ${dataDir}`);
  }
  return {
    server,
    token,
    dataDir,
    mode: values['manage-nginx'] ? 'managed' : 'system',
    nginxBin: values.nginx,
    controlPort,
    listenAddress,
    resolver,
    resolveIntervalSeconds,
    logSpoolBytes: spoolMb * 1024 * 1024,
    logRotateBytes,
    requestLog: !values['no-request-log'],
  };
}

/** What node:dns takes as a server: `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`. */
function isResolverAddress(value: string): boolean {
  if (net.isIP(value)) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  return host !== undefined && net.isIP(host) !== 0 && port >= 1 && port <= 65535;
}

export function layoutOf(config: Pick<AgentConfig, 'dataDir' | 'mode'>): Layout {
  const d = config.dataDir;
  const mainConf = config.mode === 'managed' ? path.join(d, 'nginx.conf') : '/etc/nginx/nginx.conf';
  return {
    dataDir: d,
    versionsDir: path.join(d, 'versions'),
    stateFile: path.join(d, 'state.json'),
    logsDir: path.join(d, 'logs'),
    errorLog: path.join(d, 'logs', 'error.log'),
    requestLog: path.join(d, 'logs', 'requests.log'),
    logSpoolDir: path.join(d, 'log-spool'),
    logStateFile: path.join(d, 'log-state.json'),
    streamLog: path.join(d, 'logs', 'streams.log'),
    streamSpoolDir: path.join(d, 'stream-log-spool'),
    streamStateFile: path.join(d, 'stream-log-state.json'),
    tmpDir: path.join(d, 'tmp'),
    cacheDir: path.join(d, 'cache'),
    mainConf,
    // Beside the main config so the swap is a rename within one directory (atomic).
    nextConf: `${mainConf}.next`,
    // The system nginx keeps Debian's pid file: its systemd unit and `nginx -s` look there.
    pidFile: config.mode === 'managed' ? path.join(d, 'nginx.pid') : '/run/nginx.pid',
    controlSecretConf: path.join(d, 'control-secret.conf'),
    luaDir: path.join(d, 'lua'),
  };
}
