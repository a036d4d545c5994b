import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { zIpv4, zIpv6, zPort } from '../validators';
import { EDGE_DEGRADED_REASONS } from './edge-protocol';

/*
 * Edge nodes (admin console). A node group is a set of nodes that serve the same sites; a node
 * is one nginx host with its agent (`nimbus-edge`). Paths under the API root `/api`, admin token.
 *
 *   POST sys/edge/group/list     EdgeGroupListRequest → Page<EdgeGroup>
 *   POST sys/edge/group/save     EdgeGroupSaveRequest (id → update) → EdgeGroup
 *   POST sys/edge/group/delete   { id }  (refused while nodes or sites use it)
 *   POST sys/edge/node/list      EdgeNodeListRequest → Page<EdgeNode>
 *   GET  sys/edge/node/info?id=                       → EdgeNodeDetail (recent apply history)
 *   POST sys/edge/node/save      EdgeNodeSaveRequest (no id → create) → EdgeNodeSaved (token once on create)
 *   POST sys/edge/node/delete    { id }
 *   POST sys/edge/node/token     { id }  rotate: the old token stops working at once → EdgeNodeSaved
 *   GET  sys/config/ants/conf/view                   → EdgeInstallInfo (spec: node install parameters)
 *   GET  sys/cdnsys/auth/check/key/show              → { code, msg, token, importUrl } (probe token)
 */
export const EDGE_ADMIN_PATHS = {
  groupList: 'sys/edge/group/list',
  groupSave: 'sys/edge/group/save',
  groupDelete: 'sys/edge/group/delete',
  nodeList: 'sys/edge/node/list',
  nodeInfo: 'sys/edge/node/info',
  nodeSave: 'sys/edge/node/save',
  nodeDelete: 'sys/edge/node/delete',
  nodeToken: 'sys/edge/node/token',
  installParams: 'sys/config/ants/conf/view',
  probeKey: 'sys/cdnsys/auth/check/key/show',
} as const;

/** Main-line nodes take traffic first; backup nodes only when the main line fails (spec §9). */
export const EDGE_LINES = ['main', 'backup'] as const;
export type EdgeLine = (typeof EDGE_LINES)[number];

/**
 * A node is online while its heartbeats keep coming; three missed beats make it offline. An online
 * node whose agent reports trouble with its nginx is degraded.
 */
export const EDGE_HEARTBEAT_SECONDS = 5;
export const EDGE_OFFLINE_AFTER_SECONDS = EDGE_HEARTBEAT_SECONDS * 3;

const requiredText = (max: number) =>
  z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idRequestSchema = z.object({ id: z.coerce.number().int().min(1) });
export type IdRequest = z.infer<typeof idRequestSchema>;

// ---- groups --------------------------------------------------------------------------------

export const edgeGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** New sites go to the default group (until plans decide the group). Exactly one group is. */
  isDefault: z.boolean(),
  nodeCount: z.number().int(),
  /** Nodes per line, e.g. { main: 2, backup: 1 }. */
  lines: z.object({ main: z.number().int(), backup: z.number().int() }),
  siteCount: z.number().int(),
  /**
   * Ports the group's nodes use themselves (sshd, a database…): no site or forwarding rule may
   * listen there. The agent's control port and the console's own port are refused besides.
   */
  reservedPorts: z.array(z.number().int()),
  createdAt: z.string(),
});
export type EdgeGroup = z.infer<typeof edgeGroupSchema>;

export const edgeGroupListRequestSchema = listQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
});
export type EdgeGroupListRequest = z.input<typeof edgeGroupListRequestSchema>;
export const edgeGroupPageSchema = pageSchema(edgeGroupSchema);

export const edgeGroupSaveRequestSchema = z.object({
  id: z.number().int().min(1).optional(),
  name: requiredText(64),
  remark: optionalText(255),
  isDefault: z.boolean().default(false),
  reservedPorts: z
    .array(zPort())
    .max(200)
    .default([])
    .transform((ports) => [...new Set(ports)].sort((a, b) => a - b)),
});
export type EdgeGroupSaveRequest = z.input<typeof edgeGroupSaveRequestSchema>;

// ---- nodes ---------------------------------------------------------------------------------

/** What the node last said of the config it runs. */
export const EDGE_APPLY_STATES = ['applied', 'failed', 'pending'] as const;
export type EdgeApplyState = (typeof EDGE_APPLY_STATES)[number];

export const edgeNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ipv4: z.string(),
  ipv6: z.string(),
  /** Address nginx binds its site ports to; '' = every address of the host. */
  listenAddress: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  line: z.enum(EDGE_LINES),
  enabled: z.boolean(),
  online: z.boolean(),
  /** Config version the node runs (0 = none yet) and the newest one published for it. */
  appliedVersion: z.number().int(),
  latestVersion: z.number().int(),
  /** applied: runs the latest; pending: a newer one is on its way; failed: the latest was refused. */
  applyState: z.enum(EDGE_APPLY_STATES),
  /** nginx's error for the last refused version, or for the items the applied one left out; '' when none. */
  lastError: z.string(),
  /**
   * Online but not serving as it should (its agent said why): null when healthy or offline.
   * `since`: ISO time the agent first said so.
   */
  degraded: z
    .object({ reason: z.enum(EDGE_DEGRADED_REASONS), detail: z.string(), since: z.string() })
    .nullable(),
  nginxVersion: z.string(),
  agentVersion: z.string(),
  activeConnections: z.number().int(),
  uptimeSeconds: z.number().int(),
  /** ISO time of the last heartbeat, null when the agent never called. */
  lastHeartbeatAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EdgeNode = z.infer<typeof edgeNodeSchema>;

export const edgeNodeListRequestSchema = listQuerySchema.extend({
  /** Part of the name or an address. */
  keyword: z.string().trim().max(100).optional(),
  groupId: z.coerce.number().int().min(1).optional(),
  /** online: heartbeats coming and healthy; degraded: heartbeats coming, nginx not serving right. */
  status: z.enum(['online', 'degraded', 'offline', 'disabled', 'failed']).optional(),
});
export type EdgeNodeListRequest = z.input<typeof edgeNodeListRequestSchema>;
export const edgeNodePageSchema = pageSchema(edgeNodeSchema);

export const edgeApplyRecordSchema = z.object({
  version: z.number().int(),
  state: z.enum(['applied', 'failed']),
  error: z.string(),
  at: z.string(),
});
export type EdgeApplyRecord = z.infer<typeof edgeApplyRecordSchema>;

export const edgeNodeDetailSchema = edgeNodeSchema.extend({
  history: z.array(edgeApplyRecordSchema),
});
export type EdgeNodeDetail = z.infer<typeof edgeNodeDetailSchema>;

export const edgeNodeSaveRequestSchema = z.object({
  id: z.number().int().min(1).optional(),
  name: requiredText(64),
  ipv4: zIpv4(),
  ipv6: z.preprocess(blankAsUndefined, zIpv6().optional()),
  listenAddress: z.preprocess(blankAsUndefined, z.union([zIpv4(), zIpv6()]).optional()),
  groupId: z.number({ message: 'validation.required' }).int().min(1, { message: 'validation.required' }),
  line: z.enum(EDGE_LINES, { message: 'validation.invalid' }).default('main'),
  enabled: z.boolean().default(true),
});
export type EdgeNodeSaveRequest = z.input<typeof edgeNodeSaveRequestSchema>;

/** `token` only right after create or rotate: it is stored hashed and never shown again. */
export const edgeNodeSavedSchema = z.object({
  node: edgeNodeSchema,
  token: z.string().optional(),
  installCommand: z.string().optional(),
});
export type EdgeNodeSaved = z.infer<typeof edgeNodeSavedSchema>;

/** Node install parameters: what the one-line install needs besides the token shown once. */
export const edgeInstallInfoSchema = z.object({
  consoleUrl: z.string(),
  /** The command with `<TOKEN>` where the node's token goes. */
  installCommand: z.string(),
  packages: z.array(z.string()),
});
export type EdgeInstallInfo = z.infer<typeof edgeInstallInfoSchema>;

/** Spec: `GET sys/cdnsys/auth/check/key/show` answers these beside `code` (not in `data`). */
export const probeKeySchema = z.object({
  code: z.number(),
  msg: z.string(),
  token: z.string(),
  importUrl: z.string(),
});
