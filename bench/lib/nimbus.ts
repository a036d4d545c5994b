import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTsChild, type Child } from './child';
import { freePort } from './ports';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningNimbus {
  baseUrl: string;
  /** The console's own process (not its PostgreSQL's). */
  pid: number;
  dataDir: string;
  pgPort: number;
  logLevel: string;
  customer: { username: string; password: string };
  /** Real captcha + login endpoints; the captcha's answer is read from PostgreSQL. */
  login(side: 'customer' | 'admin', credentials?: { username: string; password: string }): Promise<string>;
  /** SQL on Nimbus's own database, for seeding what no API makes in bulk. */
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  /** A connected client of Nimbus's own database (COPY and other streaming); the caller ends it. */
  client(): Promise<pg.Client>;
  stop(): Promise<void>;
}

const ADMIN_PASSWORD = `bench-admin-${crypto.randomBytes(4).toString('hex')}`;
const DEMO_PASSWORD = `bench-demo-${crypto.randomBytes(4).toString('hex')}`;

/**
 * Starts the real server (`apps/server/src/main.ts`) as its own process on a throw-away
 * DATA_DIR with its embedded PostgreSQL, so the benchmark measures what `npm start` runs.
 */
export async function startNimbus(options: {
  logLevel: string;
  /** More environment for the server (say, PowerDNS's addresses on free ports). */
  env?: NodeJS.ProcessEnv;
}): Promise<RunningNimbus> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-'));
  // mkdtemp makes the directory 0700; as root, PostgreSQL runs as `postgres`, and a DATA_DIR
  // that user cannot enter would get its cluster placed under /var/lib/nimbus (ADR 0015).
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const child: Child = startTsChild('apps/server/src/main.ts', {
    cwd: ROOT,
    logFile: `${dataDir}.log`,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      NIMBUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      NIMBUS_DEMO_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: options.logLevel,
      ...options.env,
    },
  });
  try {
    await child.waitFor('Nimbus is running', 180_000);
  } catch (error) {
    await child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.log`, { force: true });
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();

  async function client(): Promise<pg.Client> {
    const connected = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: 'nimbus',
      password,
      database: 'nimbus',
    });
    await connected.connect();
    return connected;
  }

  async function query<R extends object>(text: string, values: unknown[] = []): Promise<R[]> {
    const connected = await client();
    try {
      return (await connected.query<R>(text, values)).rows;
    } finally {
      await connected.end();
    }
  }

  async function captchaAnswer(uuid: string): Promise<string> {
    const [row] = await query<{ answer: string }>('select answer from captchas where uuid = $1', [uuid]);
    if (!row) throw new Error(`no captcha row for ${uuid}`);
    return row.answer;
  }

  // The edge benchmarks measure the data plane, not plans: sites need none here (a real install
  // requires one: web config price.planRequired).
  await query(
    `update sys_config set param_value = (param_value::jsonb || '{"planRequired":0}')::text where param_key = 'price'`,
  );

  return {
    baseUrl,
    pid: child.process.pid!,
    dataDir,
    pgPort,
    logLevel: options.logLevel,
    customer: { username: 'demo', password: DEMO_PASSWORD },
    query,
    client,
    async login(side, credentials) {
      const scope = side === 'admin' ? 'sys' : 'app';
      const uuid = crypto.randomUUID();
      const image = await fetch(`${baseUrl}/api/${scope}/account/kaptcha.jpg?uuid=${uuid}`);
      if (!image.ok) throw new Error(`captcha endpoint answered HTTP ${image.status}`);
      await image.arrayBuffer();
      const response = await fetch(`${baseUrl}/api/${scope}/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: credentials?.username ?? (side === 'admin' ? 'admin' : 'demo'),
          password: credentials?.password ?? (side === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD),
          captcha: await captchaAnswer(uuid),
          uuid,
        }),
      });
      const body = (await response.json()) as { code?: number; msg?: string; data?: { token?: string } };
      const token = body.data?.token;
      if (response.status !== 200 || body.code !== 1 || !token) {
        throw new Error(`${scope} login failed: HTTP ${response.status} ${JSON.stringify(body)}`);
      }
      return token;
    },
    async stop() {
      const code = await child.stop(60_000);
      // Keep it short: a crash on shutdown can dump whole objects; the first error lines say enough.
      const errors = child
        .output()
        .split('\n')
        .filter((line) => /error/i.test(line))
        .slice(0, 3);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}.log`, { force: true });
      if (code !== 0) console.warn(`Nimbus did not stop cleanly (exit code ${code}):\n${errors.join('\n')}`);
    },
  };
}

export interface PoolMember {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * One more console process on `primary`'s PostgreSQL (DATABASE_URL), as a pool behind a load
 * balancer runs them. `env` must carry what the pool shares: NIMBUS_SECRET_KEY, and the PowerDNS
 * servers' API addresses and keys (or the member would start DNS servers of its own).
 */
export async function startPoolMember(
  primary: RunningNimbus,
  options: { logLevel: string; env: NodeJS.ProcessEnv },
): Promise<PoolMember> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-member-'));
  const password = fs.readFileSync(path.join(primary.dataDir, 'pg-password'), 'utf8').trim();
  const port = await freePort();
  const child = startTsChild('apps/server/src/main.ts', {
    cwd: ROOT,
    logFile: `${dataDir}.log`,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://nimbus:${encodeURIComponent(password)}@127.0.0.1:${primary.pgPort}/nimbus`,
      LOG_LEVEL: options.logLevel,
      ...options.env,
    },
  });
  const stop = async () => {
    await child.stop(60_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.log`, { force: true });
  };
  try {
    await child.waitFor('Nimbus is running', 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.process.pid!, stop };
}
