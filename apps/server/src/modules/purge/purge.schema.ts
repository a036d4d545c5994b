import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { EdgeTask, PurgeIgnored, PurgeKind } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { edgeNodes } from '../edge/edge.schema';

export const purgeTasks = pgTable(
  'purge_tasks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PurgeKind>().notNull(),
    entries: jsonb('entries').$type<string[]>().notNull(),
    ignored: jsonb('ignored').$type<PurgeIgnored[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('purge_tasks_customer_idx').on(t.customerId, t.id)],
);

/** One task on one node; its id is the id the agent reports back. */
export const purgeTaskNodes = pgTable(
  'purge_task_nodes',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => purgeTasks.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    /** What the agent runs, without its id. */
    work: jsonb('work').$type<DistributiveOmit<EdgeTask, 'id'>>().notNull(),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    error: text('error').notNull().default(''),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('purge_task_nodes_node_state_idx').on(t.nodeId, t.state),
    index('purge_task_nodes_task_idx').on(t.taskId),
  ],
);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
