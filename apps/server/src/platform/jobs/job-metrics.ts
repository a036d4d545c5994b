import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/database';

/** The queue shared by every process: how many jobs are due and how long the oldest has waited. */
export function registerJobMetrics(registry: Registry, db: Db): void {
  const due = async () => {
    const { rows } = await db.execute<{ waiting: number; oldest: number | null }>(sql`
      select count(*)::int as waiting, extract(epoch from now() - min(run_at))::float8 as oldest
      from graphile_worker.jobs where locked_at is null and run_at <= now()`);
    return rows[0] ?? { waiting: 0, oldest: null };
  };
  new Gauge({
    name: 'nimbus_jobs_due',
    help: 'Jobs whose time has come and that no process has taken yet.',
    registers: [registry],
    async collect() {
      this.set((await due()).waiting);
    },
  });
  new Gauge({
    name: 'nimbus_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has waited to be taken (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await due()).oldest ?? 0);
    },
  });
}
