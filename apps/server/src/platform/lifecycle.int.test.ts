import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PG_PASSWORD, PG_USER } from '../../test/global-setup';
import { NO_POWERDNS_ENV } from '../../test/support/console-process';
import { freePort } from '../../test/support/edge-fleet';
import { verifyPassword } from './auth/secrets';
import { lockDataDir } from './db/data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-life-'));
const port = await freePort();
const pgPort = await freePort();
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the real entry point as `npm start` does, in its own process. */
function startNimbus(extraEnv: NodeJS.ProcessEnv = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...NO_POWERDNS_ENV,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for "${text}":\n${started.output()}`);
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pgPort,
    user: 'nimbus',
    password,
    database: 'nimbus',
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

afterAll(() => {
  running.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server lifecycle on the embedded PostgreSQL', () => {
  it('prints the consoles and the seeded credentials once, refuses a second instance, survives kill -9, stops cleanly', async () => {
    const first = startNimbus();
    await waitFor(first, 'Nimbus is running');
    expect(first.output()).toContain('/dns/admin/');
    expect(first.output()).toMatch(/admin\s+admin \/ \S+/);

    const second = startNimbus();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Nimbus');

    await query(
      `insert into sys_config (param_key, param_value, remark) values ('LIFECYCLE_TEST', '{"v":1}', 'committed')`,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const third = startNimbus();
    await waitFor(third, 'Nimbus is running');
    expect(third.output()).not.toContain('shown only this once');
    const rows = await query<{ param_value: string }>(
      `select param_value from sys_config where param_key = 'LIFECYCLE_TEST'`,
    );
    expect(rows).toEqual([{ param_value: '{"v":1}' }]);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ code: 1, data: { database: true } });

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    // The lock went with the process (the file stays, naming the last holder).
    (await lockDataDir(dataDir))();
  }, 120_000);
});

describe('server on an external PostgreSQL (DATABASE_URL)', () => {
  it('migrates and seeds it, and starts no embedded PostgreSQL', async () => {
    const url = await createExternalDatabase('lifecycle_external');
    const started = startNimbus({ DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'unused') });
    await waitFor(started, 'Nimbus is running');
    expect(started.output()).toContain('external PostgreSQL (DATABASE_URL)');
    expect(started.output()).not.toContain(PG_PASSWORD);
    expect(fs.existsSync(path.join(dataDir, 'unused', 'pg'))).toBe(false);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const admins = await client.query('select username from admins');
    await client.end();
    expect(admins.rows).toEqual([{ username: 'admin' }]);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 60_000);
});

async function createExternalDatabase(name: string): Promise<string> {
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: inject('pgPort'),
    user: PG_USER,
    password: PG_PASSWORD,
    database: 'postgres',
  });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${inject('pgPort')}/${name}`;
}

describe('first start that cannot listen', () => {
  it('has already printed the seeded passwords, which work, and a later start does not print them again', async () => {
    const url = await createExternalDatabase('lifecycle_port_taken');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const takenPort = (blocker.address() as net.AddressInfo).port;
    try {
      const failed = startNimbus({ DATABASE_URL: url, PORT: String(takenPort) });
      expect(await failed.exited).toBe(1);
      expect(failed.output()).toContain('Nimbus failed to start');
      expect(failed.output()).not.toContain('Nimbus is running');
      const printed = /admin\s+admin \/ (\S+)/.exec(failed.output())?.[1];
      expect(printed).toBeDefined();

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ password_hash: string }>(
        `select password_hash from admins where username = 'admin'`,
      );
      await client.end();
      expect(await verifyPassword(rows[0]!.password_hash, printed!)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }

    const again = startNimbus({ DATABASE_URL: url });
    await waitFor(again, 'Nimbus is running');
    expect(again.output()).not.toContain('shown only this once');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);
});
