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
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EdgeBundleFile, EdgeDegradedReason, EdgeItemKind } from '@nimbus/contract';

/**
 * A node group: nodes that serve the same sites. `revision` counts the changes that reach the
 * group's nodes; it is taken (row-locked) in the transaction of each change, so revisions
 * follow commit order and "node applied revision ≥ site revision" means the change is live.
 */
export const edgeGroups = pgTable('edge_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('edge_groups_name_unique'),
  remark: text('remark').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  /** Ports the group's nodes use themselves: no site or forwarding rule may listen there. */
  reservedPorts: integer('reserved_ports')
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const edgeNodes = pgTable(
  'edge_nodes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('edge_nodes_name_unique'),
    ipv4: text('ipv4').notNull(),
    ipv6: text('ipv6').notNull().default(''),
    listenAddress: text('listen_address').notNull().default(''),
    groupId: integer('group_id')
      .notNull()
      .references(() => edgeGroups.id, { onDelete: 'restrict' }),
    line: text('line').$type<'main' | 'backup'>().notNull().default('main'),
    enabled: boolean('enabled').notNull().default(true),
    /** sha256 of the node token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull().unique('edge_nodes_token_hash_unique'),
    appliedVersion: integer('applied_version').notNull().default(0),
    /** Group revision of the applied bundle: which changes this node serves. */
    appliedRevision: bigint('applied_revision', { mode: 'number' }).notNull().default(0),
    /** Newest version the node refused (0 = none) and nginx's error line for it. */
    failedVersion: integer('failed_version').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nginxVersion: text('nginx_version').notNull().default(''),
    agentVersion: text('agent_version').notNull().default(''),
    activeConnections: integer('active_connections').notNull().default(0),
    uptimeSeconds: integer('uptime_seconds').notNull().default(0),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /**
     * What the last heartbeat said of the node's nginx: '' healthy, else why it is degraded
     * (ADR 0032), with the agent's detail and since when it has said so.
     */
    degradedReason: text('degraded_reason').$type<EdgeDegradedReason | ''>().notNull().default(''),
    degradedDetail: text('degraded_detail').notNull().default(''),
    degradedSince: timestamp('degraded_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('edge_nodes_group_idx').on(t.groupId)],
);

/**
 * Rendered config of one node, one row per version. Private keys are not in `files`: the
 * bundle names them in `keyFiles`, and the edge API decrypts them only when the node pulls.
 */
export const edgeBundles = pgTable(
  'edge_bundles',
  {
    id: serial('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The group revision this bundle contains. */
    revision: bigint('revision', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    files: jsonb('files').$type<EdgeBundleFile[]>().notNull(),
    keyFiles: jsonb('key_files').$type<{ path: string; certificateId: number }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('edge_bundles_node_version_unique').on(t.nodeId, t.version)],
);

export const edgeApplyHistory = pgTable(
  'edge_apply_history',
  {
    id: serial('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    state: text('state').$type<'applied' | 'failed'>().notNull(),
    error: text('error').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('edge_apply_history_node_idx').on(t.nodeId, t.id)],
);

/**
 * Items (sites, forwarding rules) a node left out of the version it applied because nginx
 * refused them (ADR 0031), with nginx's error about that item alone: what its owner is shown.
 * Replaced by each report of an applied version.
 */
export const edgeItemFailures = pgTable(
  'edge_item_failures',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EdgeItemKind>().notNull(),
    itemId: integer('item_id').notNull(),
    version: integer('version').notNull(),
    error: text('error').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.kind, t.itemId] }),
    index('edge_item_failures_item_idx').on(t.kind, t.itemId),
  ],
);
