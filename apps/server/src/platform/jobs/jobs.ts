import { sql } from 'drizzle-orm';
import { Logger, run, runMigrations, type Runner, type Task } from 'graphile-worker';
import type pg from 'pg';
import type { DbOrTx } from '../db/database';

/**
 * Background work on a PostgreSQL-backed queue (graphile-worker, ADR 0010): a job added inside
 * a transaction exists only if that transaction commits, runs once across every Nimbus process
 * on the database, and survives restarts. Jobs of one `queue` run one after another.
 */
export interface JobSpec {
  /** Jobs with one key coalesce: a newer add replaces a waiting one (a running one is left to finish). */
  jobKey?: string;
  /** Jobs of one queue never run at the same time. */
  queue?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export type JobHandler = (payload: unknown) => Promise<void>;

export interface Jobs {
  /** Adds a job in the caller's transaction (or on its own when given the database). */
  add(db: DbOrTx, name: string, payload: unknown, spec?: JobSpec): Promise<void>;
  /** Names a handler; call before start. */
  handle(name: string, handler: JobHandler): void;
  /** Runs job `name` on a crontab schedule (`0 * * * *`): once per slot across every process. */
  schedule(cron: string, name: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Adds a job in the caller's transaction: it exists only if that transaction commits. Also
 * usable without a queue object, by code that runs inside another module's transaction.
 */
export async function addJob(db: DbOrTx, name: string, payload: unknown, spec: JobSpec = {}): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${name},
    ${JSON.stringify(payload ?? {})}::json,
    queue_name => ${spec.queue ?? null},
    run_at => ${spec.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${spec.maxAttempts ?? 10},
    job_key => ${spec.jobKey ?? null},
    job_key_mode => 'replace'
  )`);
}

export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger });
}

// graphile-worker logs every job at info level; Nimbus's own log says what matters.
const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`);
});

export function jobQueue(pool: pg.Pool, options: { concurrency?: number } = {}): Jobs {
  const handlers: Record<string, Task> = {};
  const crontab: string[] = [];
  let runner: Runner | undefined;
  return {
    add: addJob,
    handle(name, handler) {
      handlers[name] = async (payload) => handler(payload);
    },
    schedule(cron, name) {
      crontab.push(`${cron} ${name}`);
    },
    async start() {
      await migrateJobs(pool);
      runner = await run({
        pgPool: pool,
        taskList: handlers,
        crontab: crontab.join('\n'),
        concurrency: options.concurrency ?? 2,
        noHandleSignals: true,
        // New jobs arrive by LISTEN/NOTIFY at once; the poll only catches scheduled ones.
        pollInterval: 1000,
        logger: quietLogger,
      });
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
    },
  };
}
