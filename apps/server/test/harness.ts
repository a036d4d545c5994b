import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { ORIGIN_POLICY_KEY, type WebConfigSection } from '@nimbus/contract';
import { buildApp } from '../src/app';
import { captchas } from '../src/platform/auth/auth.schema';
import { loadConfig, type AppConfig } from '../src/platform/config';
import type { CodeSender } from '../src/platform/context';
import type { DnsServers } from '../src/platform/dns-servers';
import { databaseFromPool, type Database } from '../src/platform/db/database';
import { configRepository } from '../src/modules/config/config.repository';
import { customers } from '../src/modules/account/account.schema';
import { seedIfEmpty } from '../src/platform/seed/seed';
import { createTestDatabase, PG_PASSWORD, PG_USER, TEMPLATE_DB } from './global-setup';

export const ADMIN = { username: 'admin', password: 'admin-pass-1' };
export const CUSTOMER = { username: 'demo', password: 'demo-pass-1' };
/** Seals certificate keys in tests (never a key file in the checkout's data directory). */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data?: T } & Record<string, unknown>;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  baseUrl: string;
  /** Codes that would have gone out by e-mail/SMS when the test replaced the sender. */
  sentCodes: { channel: 'mail' | 'sms'; target: string; code: string }[];
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** Logs in through the real captcha + login endpoints, reading the captcha's answer from the database. */
  login(kind: 'customer' | 'admin', credentials?: { username: string; password: string }): Promise<string>;
  /**
   * Lets origins and stream targets use these ranges (the admin's allow-list, replaced whole):
   * tests run origins on 127.0.0.1, which the platform refuses by default.
   */
  allowOrigins(ranges?: string[]): Promise<void>;
  /**
   * Stops the app as a shutdown would (jobs handed back, connections closed), runs `whileDown`,
   * then starts a new app on the same port and database: a console restart as its clients see it.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  lang?: 'cn' | 'en';
}

/** Writes the origin allow-list row as the admin's form would store it. */
async function setOriginAllowList(db: Database['db'], allowRanges: string[]) {
  const repo = configRepository(db);
  const paramValue = JSON.stringify({ allowRanges });
  const row = await repo.byKey(ORIGIN_POLICY_KEY);
  if (row) await repo.update(row.id, { paramValue });
  else await repo.insert({ paramKey: ORIGIN_POLICY_KEY, paramValue, remark: 'test', status: 1 });
}

/** Changes fields of a web config section as an admin's save would. */
export async function setWebConfigFields(
  db: Database['db'],
  section: WebConfigSection,
  fields: Record<string, unknown>,
) {
  const repo = configRepository(db);
  const row = await repo.byKey(section);
  await repo.update(row!.id, { paramValue: JSON.stringify({ ...JSON.parse(row!.paramValue), ...fields }) });
}

export const setPriceFields = (db: Database['db'], fields: Record<string, unknown>) =>
  setWebConfigFields(db, 'price', fields);

/**
 * Lets a test customer's sites serve without proof of domain ownership, as an admin's waiver
 * does (ADR 0033). Call it before their sites are saved; the seeded `demo` is waived already.
 */
export async function waiveOwnershipProof(server: Pick<TestServer, 'database'>, username: string) {
  await server.database.db
    .update(customers)
    .set({ ownershipWaived: true })
    .where(eq(customers.username, username));
}

async function cloneTemplate(port: number): Promise<pg.Pool> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await createTestDatabase(port, name, TEMPLATE_DB);
  return new pg.Pool({
    host: '127.0.0.1',
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    database: name,
    max: 5,
  });
}

/**
 * A real server over real HTTP on a fresh copy of the migrated database, seeded with known
 * credentials. `options.captureCodes` replaces the e-mail/SMS code sender with a recorder.
 */
export async function startTestServer(
  options: {
    captureCodes?: boolean;
    env?: NodeJS.ProcessEnv;
    /** Turns the server log on, written here. */
    logStream?: { write(line: string): unknown };
    /**
     * Sites need a plan and purges count against plans (web config price.planRequired, on by
     * default in a real install). Off unless asked for, so tests of other areas need no plan.
     */
    plansRequired?: boolean;
    /** PowerDNS for the DNS screens (test/support/powerdns.ts); without, they say none runs. */
    dns?: DnsServers;
    /**
     * The public console URL (NIMBUS_PUBLIC_URL) is this server's own address unless false:
     * gateways, install commands and return links need one, and tests of other areas need not set it.
     */
    publicUrl?: boolean;
  } = {},
): Promise<TestServer> {
  const pool = await cloneTemplate(inject('pgPort'));
  const database = databaseFromPool(pool, 'test database');
  const config: AppConfig = {
    ...loadConfig({ WEB_DIST_DIR: '/nonexistent', NIMBUS_SECRET_KEY: TEST_SECRET_KEY, ...options.env }),
    seedAdminPassword: ADMIN.password,
    seedCustomerPassword: CUSTOMER.password,
  };
  await seedIfEmpty(database.db, config);
  if (!options.plansRequired) await setPriceFields(database.db, { planRequired: 0 });
  const sentCodes: TestServer['sentCodes'] = [];
  const codes: CodeSender | undefined = options.captureCodes
    ? { send: async (channel, target, code) => void sentCodes.push({ channel, target, code }) }
    : undefined;
  const build = () =>
    buildApp({
      config,
      db: database.db,
      pool: database.pool,
      changes: database.changes,
      codes,
      logger: options.logStream !== undefined,
      logStream: options.logStream,
      validateResponses: true,
      dns: options.dns,
    });
  let app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The port is known only now; the app reads its config object on each request, as it would
  // read NIMBUS_PUBLIC_URL's value.
  if (options.publicUrl !== false && !config.publicUrl) config.publicUrl = baseUrl;

  const call: TestServer['call'] = async (method, path, { token, body, query, lang } = {}) => {
    const url = new URL(`/api/${path.replace(/^\//, '')}`, baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    if (token) headers.token = token;
    if (lang) headers.lang = lang;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} } as never;
  };

  const login: TestServer['login'] = async (kind, credentials) => {
    const creds = credentials ?? (kind === 'admin' ? ADMIN : CUSTOMER);
    const scope = kind === 'admin' ? 'sys' : 'app';
    const uuid = crypto.randomUUID();
    const image = await fetch(`${baseUrl}/api/${scope}/account/kaptcha.jpg?uuid=${uuid}`);
    if (!image.ok) throw new Error(`captcha endpoint answered ${image.status}`);
    const [row] = await database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
    const answer = await call<{ token: string }>('POST', `${scope}/account/login`, {
      body: { username: creds.username, password: creds.password, captcha: row?.answer, uuid },
    });
    const token = answer.body.data?.token;
    if (!token) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
    return token;
  };

  return {
    get app() {
      return app;
    },
    database,
    config,
    baseUrl,
    sentCodes,
    call,
    login,
    allowOrigins: (ranges = ['127.0.0.0/8']) => setOriginAllowList(database.db, ranges),
    async restart(whileDown) {
      await app.close();
      await whileDown?.();
      app = await build();
      await app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
