import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { NodeMonitorEventAction, NodeMonitorOverride, NodeMonitorReason } from '@nimbus/contract';
import { edgeNodes } from '../edge/edge.schema';

/** A probe's view of a node as stored: the ports it tried and those that did not answer. */
export interface StoredProbeView {
  probe: string;
  ports: number[];
  failedPorts: number[];
  checkedAt: string;
}

/**
 * The monitor's verdict per node (issue 9 §6). `plannedInDns` is what the monitor decided;
 * `inDns` is what the CNAME zone is given (`nodesInDns`): the two differ only in dry run.
 * A node without a row is in DNS.
 */
export const nodeMonitorStates = pgTable('node_monitor_states', {
  nodeId: integer('node_id')
    .primaryKey()
    .references(() => edgeNodes.id, { onDelete: 'cascade' }),
  healthy: boolean('healthy').notNull().default(true),
  upStreak: integer('up_streak').notNull().default(0),
  downStreak: integer('down_streak').notNull().default(0),
  failPercent: integer('fail_percent').notNull().default(0),
  plannedInDns: boolean('planned_in_dns').notNull().default(true),
  inDns: boolean('in_dns').notNull().default(true),
  /** A removal the safety rule holds back (told once in the timeline, not every check). */
  held: boolean('held').notNull().default(false),
  override: text('override').$type<NodeMonitorOverride>(),
  overrideUntil: timestamp('override_until', { withTimezone: true }),
  /** The views counted at the last check. */
  evidence: jsonb('evidence').$type<StoredProbeView[]>().notNull().default([]),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

/** Each probe's latest look at each node: the checker's own (`local`) and external probes'. */
export const nodeProbeViews = pgTable(
  'node_probe_views',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    probe: text('probe').notNull(),
    ports: jsonb('ports').$type<number[]>().notNull(),
    failedPorts: jsonb('failed_ports').$type<number[]>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.probe] })],
);

/** The timeline: every removal, return, held-back removal and override, with its evidence. */
export const nodeMonitorEvents = pgTable(
  'node_monitor_events',
  {
    id: serial('id').primaryKey(),
    /** Kept (set null) when the node is deleted, so the timeline outlives it. */
    nodeId: integer('node_id').references(() => edgeNodes.id, { onDelete: 'set null' }),
    nodeName: text('node_name').notNull(),
    action: text('action').$type<NodeMonitorEventAction>().notNull(),
    reason: text('reason').$type<NodeMonitorReason>().notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    failPercent: integer('fail_percent').notNull().default(0),
    evidence: jsonb('evidence').$type<StoredProbeView[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('node_monitor_events_node_idx').on(t.nodeId, t.id)],
);

/** One row (id 1): the dry-run switch and the rotation slot of timing/random modes. */
export const nodeMonitorSettings = pgTable('node_monitor_settings', {
  id: integer('id').primaryKey().default(1),
  dryRun: boolean('dry_run').notNull().default(false),
  /** The rotation period the current subset was picked for (timing/random), and its pick. */
  rotationSlot: bigint('rotation_slot', { mode: 'number' }).notNull().default(-1),
  rotationPick: jsonb('rotation_pick').$type<number[]>().notNull().default([]),
  lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
