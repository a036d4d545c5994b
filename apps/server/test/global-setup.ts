import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../edge/test/ports';
import { migrateDatabase } from '../src/platform/db/database';
import { embeddedPostgres } from '../src/platform/db/embedded-postgres';
import { migrateJobs } from '../src/platform/jobs/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgPort: number;
  }
}

export const TEMPLATE_DB = 'nimbus_template';
export const PG_USER = 'nimbus';
export const PG_PASSWORD = 'nimbus-test';

/** `create database` on the tests' server, as a copy of `template` when given. */
export async function createTestDatabase(port: number, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    database: 'postgres',
  });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
}

/**
 * One real PostgreSQL for the whole integration run, with a migrated template database; each
 * test file clones the template into its own database (fast, isolated, parallel-safe).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-it-'));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const server = await embeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    user: PG_USER,
    password: PG_PASSWORD,
    port,
    settings: { fsync: 'off', max_connections: '300' },
  });
  await server.start();
  await createTestDatabase(port, TEMPLATE_DB);
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    database: TEMPLATE_DB,
  });
  await migrateDatabase(pool);
  await migrateJobs(pool);
  await pool.end();
  project.provide('pgPort', port);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(server.clusterDir, { recursive: true, force: true });
  };
}
