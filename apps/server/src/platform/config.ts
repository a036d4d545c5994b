import path from 'node:path';
import { isConsoleOrigin } from '@nimbus/contract';

/** "host:port" → its parts; an IPv6 host is written in brackets. */
export function hostPort(text: string, name: string): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`${name} must be host:port, got "${text}"`);
  return { host: match[1]!, port: Number(match[2]) };
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, Nimbus uses this PostgreSQL instead of starting the embedded one. */
  databaseUrl: string | undefined;
  /** Port of the embedded PostgreSQL. */
  embeddedPgPort: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Seed credentials; random ones are generated and printed once when unset. */
  seedAdminPassword: string | undefined;
  seedCustomerPassword: string | undefined;
  webDistDir: string;
  logLevel: string;
  /**
   * NIMBUS_PUBLIC_URL: the console's public address, overriding web config basic.consoleUrl.
   * Every URL the console hands out starts with it, never with a request's Host header.
   */
  publicUrl: string | undefined;
  /**
   * Fastify's trustProxy: false (default) takes the client IP from the socket; a hop count or a
   * comma list of proxy addresses trusts X-Forwarded-For from those proxies only. Trusting it
   * blindly would let anyone fake their IP past the login limits and the login white IP.
   */
  trustProxy: boolean | number | string;
  /** SMS provider API addresses; unset → the providers' public ones (tests point them at fakes). */
  smsEndpoints: SmsEndpoints;
  /** WeChat open platform addresses; unset → WeChat's own (tests point them at a fake). */
  wechatEndpoints: WechatEndpoints;
  /** DNS servers (ip or ip:port) for checks such as a site's CNAME; empty = the system's. */
  dnsResolvers: string[];
  /** NIMBUS_METRICS_TOKEN: a scraper's bearer token for `/api/metrics`; unset = no metrics endpoint. */
  metricsToken: string | undefined;
  /** NIMBUS_SECRET_KEY (base64, 32 bytes); unset → `<dataDir>/secret.key` (platform/crypto). */
  secretKey: string | undefined;
  /** ACME: a CA certificate file to trust for the directory (a private CA, pebble in tests). */
  acmeCaFile: string | undefined;
  /**
   * Analytics (ADR 0042): minute rollups are kept ANALYTICS_ROLLUP_KEEP_DAYS (default 35),
   * hourly and daily ones and the billing samples for good. Raw rows: web config basic.logKeepDays.
   * ANALYTICS_CLICKHOUSE_URL (http(s)://[user:password@]host:port[/database]) stores them in
   * ClickHouse instead of PostgreSQL (ADR 0043).
   */
  analytics: { rollupKeepDays: number; clickhouseUrl: string | undefined };
  /** Where the HTTPDNS service's listeners bind (HTTPDNS_HOST, default 0.0.0.0); ports are in its config. */
  httpdnsHost: string;
  /** PowerDNS Authoritative (ADR 0022). */
  powerdns: {
    /** An existing server's API (PDNS_API_URL, PDNS_API_KEY); unset → start Debian's under DATA_DIR. */
    apiUrl: string | undefined;
    apiKey: string | undefined;
    /** Where it answers DNS (PDNS_DNS_ADDRESS, default 127.0.0.1:5300; production: 0.0.0.0:53). */
    dns: { host: string; port: number };
    /** Where the embedded server's API listens (PDNS_API_ADDRESS, default 127.0.0.1:8081). */
    api: { host: string; port: number };
    /**
     * With an existing server: a folder on its machine, writable by Nimbus, where the line data
     * its LUA records read goes (PDNS_LINES_DIR, ADR 0025); unset → no lines but the default.
     */
    linesDir: string | undefined;
  };
  /** PowerDNS Recursor (recursive DNS and forwarding, issue 9 §4). */
  recursor: {
    /** An existing server's API (PDNS_RECURSOR_API_URL, PDNS_RECURSOR_API_KEY); unset → start Debian's under DATA_DIR. */
    apiUrl: string | undefined;
    apiKey: string | undefined;
    /** Where it answers DNS (PDNS_RECURSOR_DNS_ADDRESS, default 127.0.0.1:5301; production: 0.0.0.0:53). */
    dns: { host: string; port: number };
    /** Where the embedded server's API listens (PDNS_RECURSOR_API_ADDRESS, default 127.0.0.1:8082). */
    api: { host: string; port: number };
  };
}

export interface WechatEndpoints {
  /** Where the QR login page is (https://open.weixin.qq.com). */
  open?: string;
  /** Where codes are exchanged (https://api.weixin.qq.com). */
  api?: string;
}

export interface SmsEndpoints {
  tencent?: string;
  aliyun?: string;
}

function trustProxyFromEnv(raw: string | undefined): boolean | number | string {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true')
    throw new Error('TRUST_PROXY=true would trust any client; give a hop count or proxy addresses');
  return raw;
}

function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!isConsoleOrigin(raw.trim()))
    throw new Error(`NIMBUS_PUBLIC_URL must be http(s)://host[:port] with no path, got "${raw}"`);
  return new URL(raw.trim()).origin;
}

function clickhouseUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^https?:\/\/[^/]+(\/\w*)?$/.test(raw.trim()))
    // Not echoed: the address may carry a password.
    throw new Error('ANALYTICS_CLICKHOUSE_URL must be http(s)://[user:password@]host:port[/database]');
  return raw.trim();
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: intFromEnv(env, 'EMBEDDED_PG_PORT', 54329),
    sessionIdleMinutes: intFromEnv(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: intFromEnv(env, 'SESSION_ABSOLUTE_HOURS', 24 * 7),
    seedAdminPassword: env.NIMBUS_ADMIN_PASSWORD || undefined,
    seedCustomerPassword: env.NIMBUS_DEMO_PASSWORD || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: publicUrlFromEnv(env.NIMBUS_PUBLIC_URL),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    smsEndpoints: {
      tencent: env.SMS_TENCENT_ENDPOINT || undefined,
      aliyun: env.SMS_ALIYUN_ENDPOINT || undefined,
    },
    wechatEndpoints: {
      open: env.WECHAT_OPEN_ENDPOINT || undefined,
      api: env.WECHAT_API_ENDPOINT || undefined,
    },
    secretKey: env.NIMBUS_SECRET_KEY || undefined,
    metricsToken: env.NIMBUS_METRICS_TOKEN || undefined,
    acmeCaFile: env.NIMBUS_ACME_CA_FILE || undefined,
    httpdnsHost: env.HTTPDNS_HOST || '0.0.0.0',
    analytics: {
      rollupKeepDays: intFromEnv(env, 'ANALYTICS_ROLLUP_KEEP_DAYS', 35),
      clickhouseUrl: clickhouseUrlFromEnv(env.ANALYTICS_CLICKHOUSE_URL),
    },
    powerdns: {
      apiUrl: env.PDNS_API_URL || undefined,
      apiKey: env.PDNS_API_KEY || undefined,
      dns: hostPort(env.PDNS_DNS_ADDRESS || '127.0.0.1:5300', 'PDNS_DNS_ADDRESS'),
      api: hostPort(env.PDNS_API_ADDRESS || '127.0.0.1:8081', 'PDNS_API_ADDRESS'),
      linesDir: env.PDNS_LINES_DIR ? path.resolve(env.PDNS_LINES_DIR) : undefined,
    },
    recursor: {
      apiUrl: env.PDNS_RECURSOR_API_URL || undefined,
      apiKey: env.PDNS_RECURSOR_API_KEY || undefined,
      dns: hostPort(env.PDNS_RECURSOR_DNS_ADDRESS || '127.0.0.1:5301', 'PDNS_RECURSOR_DNS_ADDRESS'),
      api: hostPort(env.PDNS_RECURSOR_API_ADDRESS || '127.0.0.1:8082', 'PDNS_RECURSOR_API_ADDRESS'),
    },
    dnsResolvers: (env.NIMBUS_DNS_RESOLVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
