import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { StreamBalanceMode } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { edgeGroups } from '../edge/edge.schema';

export interface StreamOrigin {
  address: string;
  port: number;
  weight: number;
  role: 'main' | 'backup';
}

/** A layer-4 forwarding rule; its port is taken on every node of its group. */
export const streamRules = pgTable(
  'stream_rules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    protocol: text('protocol').$type<'tcp' | 'udp'>().notNull(),
    listenPort: integer('listen_port').notNull(),
    balance: text('balance').$type<StreamBalanceMode>().notNull(),
    origins: jsonb('origins').$type<StreamOrigin[]>().notNull(),
    connectTimeoutSeconds: integer('connect_timeout_seconds').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
    nodeGroupId: integer('node_group_id')
      .notNull()
      .references(() => edgeGroups.id, { onDelete: 'restrict' }),
    /** Node group revision of the rule's latest change (ADR 0011). */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('stream_rules_group_port_unique').on(t.nodeGroupId, t.listenPort),
    index('stream_rules_customer_idx').on(t.customerId, t.id),
  ],
);
