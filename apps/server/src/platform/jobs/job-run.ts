import type { FastifyBaseLogger } from 'fastify';
import type { JobHelpers } from 'graphile-worker';

/** Where a job's payload keeps the id of the request that added it (beside graphile's `_cron`). */
const REQUEST_ID_KEY = '_requestId';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payload as stored: with the adding request's id when there is one (of a keyed job, the last adder's). */
export function stampRequestId(payload: unknown, requestId: string | undefined): unknown {
  const body = payload ?? {};
  return requestId !== undefined && isRecord(body) ? { ...body, [REQUEST_ID_KEY]: requestId } : body;
}

/**
 * Runs a handler as one run of a job, with one log line for the run and one for a failure (saying
 * whether the queue tries again), both with the id of the request that added the job. Jobs the
 * handler adds do not inherit it: a self-rescheduling job would carry one request's id forever.
 */
export async function runJob(
  log: FastifyBaseLogger,
  handler: (payload: unknown) => Promise<void>,
  stored: unknown,
  { job }: Pick<JobHelpers, 'job'>,
): Promise<void> {
  const record = isRecord(stored) ? stored : undefined;
  const { [REQUEST_ID_KEY]: stamped, ...rest } = record ?? {};
  const requestId = typeof stamped === 'string' ? stamped : undefined;
  const runLog = log.child({
    job: job.task_identifier,
    jobId: job.id,
    attempt: job.attempts,
    ...(requestId === undefined ? {} : { requestId }),
  });
  const started = performance.now();
  try {
    await handler(record ? rest : stored);
  } catch (error) {
    const retries = job.attempts < job.max_attempts;
    runLog[retries ? 'warn' : 'error']({ err: error, maxAttempts: job.max_attempts, retries }, 'job failed');
    throw error;
  }
  runLog.info({ ms: Math.round(performance.now() - started) }, 'job ran');
}
