import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { createTestDatabase, PG_PASSWORD, PG_USER } from '../../../test/global-setup';
import { migrateJobs } from '../jobs/jobs';
import { migrateDatabase } from './database';

const database = `nimbus_migrate_${process.pid}`;
const pools: pg.Pool[] = [];

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

// A pool of consoles started together on an empty external database: one migrates, the others
// wait for it and then find nothing left to do (issue 21 §1).
it('migrates an empty database once when several processes start at the same moment', async () => {
  const port = inject('pgPort');
  await createTestDatabase(port, database);
  for (let i = 0; i < 3; i++)
    pools.push(new pg.Pool({ host: '127.0.0.1', port, user: PG_USER, password: PG_PASSWORD, database }));

  const results = await Promise.allSettled(
    pools.map(async (pool) => {
      await migrateDatabase(pool);
      await migrateJobs(pool);
    }),
  );

  expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
  const journal = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const applied = await pools[0]!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  expect(applied.rows[0].n).toBe(journal.entries.length);
});
