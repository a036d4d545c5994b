import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config';
import { lockDataDir, stopOrphanPostgres } from './data-dir-lock';
import { embeddedPostgres } from './embedded-postgres';
import { listenForRowChanges, type RowChanges } from './row-changes';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: repositories accept either, so services decide the transaction. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | DbTx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Which cached rows changed (PostgreSQL notifications on a connection of its own). */
  changes: RowChanges;
  /** Where it is, for the start-up banner (never includes a password). */
  description: string;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

/** When the newest migration of this code was written: a database that has it is new enough. */
export function latestMigrationTime(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The advisory lock a starting process holds while it migrates (any number no other lock uses). */
const MIGRATION_LOCK = 746_100_021;

/**
 * Brings the schema up to date. Several processes may start at once on one database (a pool
 * behind a load balancer): one migrates while the others wait on the lock, then find nothing
 * left to do. The lock is the session's, so a process that dies mid-way releases it.
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

export function databaseFromPool(pool: pg.Pool, description: string, onClose = async () => {}): Database {
  // An idle client's connection can be ended by the server (shutdown, restart); without a
  // listener that error would crash the process instead of only discarding the client.
  pool.on('error', (error) => console.warn('[db] idle connection closed:', error.message));
  const changes = listenForRowChanges(pool.options);
  return {
    db: drizzle(pool, { schema }),
    pool,
    changes,
    description,
    async close() {
      await changes.close();
      await pool.end();
      await onClose();
    },
  };
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function startEmbedded(config: AppConfig): Promise<Database> {
  const unlock = await lockDataDir(config.dataDir);
  let stopServer = async () => {};
  try {
    const pgDir = path.join(config.dataDir, 'pg');
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
    if (process.getuid?.() === 0) fs.chmodSync(config.dataDir, 0o755);
    const password = readOrCreateSecret(path.join(config.dataDir, 'pg-password'));
    await stopOrphanPostgres(pgDir);
    const server = await embeddedPostgres({
      dataDir: pgDir,
      port: config.embeddedPgPort,
      user: 'nimbus',
      password,
    });
    await server.start().catch((error: Error) => {
      throw new Error(
        `The embedded PostgreSQL did not start on port ${config.embeddedPgPort}: ${error.message} ` +
          `If the port is taken, set EMBEDDED_PG_PORT to a free one.`,
      );
    });
    stopServer = () => server.stop();
    const admin = new pg.Client({
      host: '127.0.0.1',
      port: config.embeddedPgPort,
      user: 'nimbus',
      password,
      database: 'postgres',
    });
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = 'nimbus'");
    if (exists.rowCount === 0) await admin.query('create database nimbus');
    await admin.end();
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: config.embeddedPgPort,
      user: 'nimbus',
      password,
      database: 'nimbus',
    });
    return databaseFromPool(pool, `embedded PostgreSQL in ${server.clusterDir}`, async () => {
      await server.stop();
      unlock();
    });
  } catch (error) {
    await stopServer();
    unlock();
    throw error;
  }
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR; then migrates. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl
    ? databaseFromPool(
        new pg.Pool({ connectionString: config.databaseUrl }),
        'external PostgreSQL (DATABASE_URL)',
      )
    : await startEmbedded(config);
  try {
    await migrateDatabase(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
