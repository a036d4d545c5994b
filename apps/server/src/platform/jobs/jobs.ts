import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, runMigrations, type Runner, type Task } from 'graphile-worker';
import type pg from 'pg';
import type { DbOrTx } from '../db/database';
import { currentRequestId } from '../request-context';
import { runJob, stampRequestId } from './job-run';

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
  /**
   * Runs job `name` on a crontab schedule (`0 * * * *`): once per slot across every process.
   * Given the key and queue the job's other adds use, a slot's run and those coalesce and never overlap.
   */
  schedule(cron: string, name: string, spec?: Pick<JobSpec, 'jobKey' | 'queue'>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Adds a job in the caller's transaction: it exists only if that transaction commits. Also
 * usable without a queue object, by code that runs inside another module's transaction. A job
 * added while a console write is handled carries its request id into its log lines.
 */
export async function addJob(db: DbOrTx, name: string, payload: unknown, spec: JobSpec = {}): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${name},
    ${JSON.stringify(stampRequestId(payload, currentRequestId()))}::json,
    queue_name => ${spec.queue ?? null},
    run_at => ${spec.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${spec.maxAttempts ?? 10},
    job_key => ${spec.jobKey ?? null},
    job_key_mode => 'replace'
  )`);
}

export async function migrateJobs(pool: pg.Pool, log?: FastifyBaseLogger): Promise<void> {
  await runMigrations({ pgPool: pool, logger: queueLogger(log) });
}

/**
 * graphile-worker's own warnings and errors, as JSON lines in Nimbus's log when there is one. Its
 * info lines (one per job) and its failed-task lines are left out: runJob logs each run.
 */
const queueLogger = (log?: FastifyBaseLogger) =>
  new Logger((scope) => (level, message, meta) => {
    if (meta?.failure || (level !== 'error' && level !== 'warning')) return;
    if (!log) console.warn(`[jobs] ${message}`);
    else log[level === 'error' ? 'error' : 'warn']({ workerId: scope.workerId }, `jobs: ${message}`);
  });

export function jobQueue(pool: pg.Pool, options: { concurrency?: number; log: FastifyBaseLogger }): Jobs {
  const handlers: Record<string, Task> = {};
  const crontab: string[] = [];
  let runner: Runner | undefined;
  return {
    add: addJob,
    handle(name, handler) {
      handlers[name] = (payload, helpers) => runJob(options.log, handler, payload, helpers);
    },
    schedule(cron, name, spec = {}) {
      const options = [spec.jobKey && `jobKey=${spec.jobKey}`, spec.queue && `queue=${spec.queue}`].filter(
        Boolean,
      );
      crontab.push(`${cron} ${name}${options.length > 0 ? ` ?${options.join('&')}` : ''}`);
    },
    async start() {
      await migrateJobs(pool, options.log);
      runner = await run({
        pgPool: pool,
        taskList: handlers,
        crontab: crontab.join('\n'),
        concurrency: options.concurrency ?? 2,
        noHandleSignals: true,
        // New jobs arrive by LISTEN/NOTIFY at once; the poll only catches scheduled ones.
        pollInterval: 1000,
        logger: queueLogger(options.log),
      });
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
    },
  };
}
