import type { EdgeTask } from '@nimbus/contract';
import type { EdgeApi } from '../api-client';
import type { Log } from '../log';
import type { Outbox } from '../reports';
import { runTask, type TaskContext } from './run-task';

/**
 * Runs each task once. The console lists a task until its report arrives; the ids done are kept
 * in memory so a task whose report is still on its way is not run twice (an agent restart may
 * run it again, which purges and preheats tolerate).
 */
export function taskRunner(ctx: TaskContext, api: EdgeApi, outbox: Outbox, log: Log) {
  const done = new Set<number>();
  return async (tasks: EdgeTask[]): Promise<number> => {
    let ran = 0;
    for (const task of tasks) {
      if (done.has(task.id)) continue;
      done.add(task.id);
      ran++;
      const outcome = await runTask(task, ctx).catch(
        (error: Error) => ({ state: 'failed', error: error.message }) as const,
      );
      log(`task ${task.id} ${task.action}: ${outcome.state}${outcome.error ? `: ${outcome.error}` : ''}`);
      outbox.push(`the report of task ${task.id}`, () => api.taskReport({ id: task.id, ...outcome }));
      await outbox.flush();
    }
    return ran;
  };
}
