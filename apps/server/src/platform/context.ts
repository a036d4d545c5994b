import type pg from 'pg';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { RowChanges } from './db/row-changes';
import type { AuditService } from './audit/audit';
import type { IdentityGuard } from './auth/guards';
import type { SessionService } from './auth/session.service';
import type { Jobs } from './jobs/jobs';
import type { Metrics } from './metrics/metrics';
import type { SecretBox } from './crypto/secret-box';
import type { DnsServers } from './dns-servers';
import type { Draining } from './draining';

/** Sends a verification code through the channel the admin configured (e-mail or SMS). */
export interface CodeSender {
  send(channel: 'mail' | 'sms', target: string, code: string, lang: 'cn' | 'en'): Promise<void>;
}

/** What every module's routes and services are built from. Built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /** The pool behind `db`, for what the query builder does not do (COPY for backups). */
  pool: pg.Pool;
  changes: RowChanges;
  sessions: SessionService;
  audit: AuditService;
  codes: CodeSender;
  jobs: Jobs;
  /** Seals secrets kept in the database (certificate keys). */
  secrets: SecretBox;
  /** PowerDNS Authoritative and Recursor, each ready or missing with the reason (ADR 0022). */
  dns: DnsServers;
  /** This process's Prometheus registry (metrics/metrics.ts); served only with a metrics token. */
  metrics: Metrics;
  /** Set when the process starts shutting down (draining.ts). */
  draining: Draining;
  /** Identity guards: whatever hook a route names them in, they run in onRequest (guards-first.ts). */
  guards: {
    customer: IdentityGuard;
    admin: IdentityGuard;
    /** The DNS zone and record routes: a customer's session or their DNS API key (ADR 0024). */
    dnsCustomer: IdentityGuard;
  };
}
