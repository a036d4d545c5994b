import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { NODE_CHECK_DISPATCH_MODES } from './node-check';

/*
 * Node monitoring and DNS dispatch (issue 9 §6, ADR 0023). The settings are the system config
 * record CDN_NODECHECK_KEY (id 37, `node-check.ts`), saved through sys/config/update; this is
 * the monitor's own state: per-node verdicts with their probe evidence, the timeline of every
 * removal and return, manual overrides and the dry-run switch. Admin token.
 *
 *   GET  sys/node-monitor/overview         → NodeMonitorOverview (switch, every node's state)
 *   POST sys/node-monitor/event/list       NodeMonitorEventListRequest → Page<NodeMonitorEvent>
 *   POST sys/node-monitor/override         NodeMonitorOverrideRequest (force in/out until, or clear)
 *   POST sys/node-monitor/dry-run          NodeMonitorDryRunRequest
 *   POST sys/node-monitor/check            run a check now (queued, once across processes)
 *
 * External probes post what they measured with the probe token of sys/cdnsys/auth/check/key/show
 * (`authorization: Bearer <token>`), beside the node list they read from its importUrl:
 *
 *   POST edge/v1/probe/report              NodeProbeReportRequest → { accepted, ports, frequency }
 *                                          (an empty `results` just asks what to measure;
 *                                          EDGE_PATHS.probeReport, beside the other edge API paths)
 */
export const NODE_MONITOR_PATHS = {
  overview: 'sys/node-monitor/overview',
  events: 'sys/node-monitor/event/list',
  override: 'sys/node-monitor/override',
  dryRun: 'sys/node-monitor/dry-run',
  check: 'sys/node-monitor/check',
} as const;

/**
 * Hysteresis: this many consecutive "down" verdicts take a node out of DNS, this many "up"
 * verdicts bring it back. One bad check is noise; two in a row is a node down, and a node must
 * answer twice before it draws traffic again, so a flapping node does not flap DNS.
 */
export const NODE_MONITOR_DOWN_AFTER = 2;
export const NODE_MONITOR_UP_AFTER = 2;
/** A probe's view counts while younger than this many check intervals (a silent probe drops out). */
export const NODE_MONITOR_VIEW_FRESH_INTERVALS = 3;
/** The checker's own probe in views and evidence. */
export const NODE_MONITOR_LOCAL_PROBE = 'local';
/** Longest manual override: 30 days. */
export const NODE_MONITOR_OVERRIDE_MAX_MINUTES = 30 * 24 * 60;

export const NODE_MONITOR_OVERRIDES = ['in', 'out'] as const;
export type NodeMonitorOverride = (typeof NODE_MONITOR_OVERRIDES)[number];

/**
 * Timeline actions: removed/returned (DNS changed, or would have in dry run), held (a removal
 * was held back to keep a healthy node answering), override set/cleared/expired.
 */
export const NODE_MONITOR_EVENT_ACTIONS = [
  'removed',
  'returned',
  'held',
  'override',
  'overrideCleared',
  'overrideExpired',
] as const;
export type NodeMonitorEventAction = (typeof NODE_MONITOR_EVENT_ACTIONS)[number];

/** Why a node is in or out of DNS (the event's reason). */
export const NODE_MONITOR_REASONS = [
  'down',
  'up',
  'rotation',
  'overrideIn',
  'overrideOut',
  'lastHealthy',
  'dryRunEnded',
  'manual',
] as const;
export type NodeMonitorReason = (typeof NODE_MONITOR_REASONS)[number];

/** One probe's latest look at one node. */
export const nodeProbeViewSchema = z.object({
  probe: z.string(),
  ports: z.array(z.number().int()),
  failedPorts: z.array(z.number().int()),
  checkedAt: z.string(),
  /** Older than NODE_MONITOR_VIEW_FRESH_INTERVALS checks: not counted. */
  stale: z.boolean(),
});
export type NodeProbeView = z.infer<typeof nodeProbeViewSchema>;

export const nodeMonitorStateSchema = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  ipv4: z.string(),
  ipv6: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  line: z.enum(['main', 'backup']),
  enabled: z.boolean(),
  /** The verdict after hysteresis. */
  healthy: z.boolean(),
  upStreak: z.number().int(),
  downStreak: z.number().int(),
  /** Failed probe-port pairs over all counted ones at the last check, 0-100. */
  failPercent: z.number().int(),
  /** What the monitor decided (in dry run: what it would do). */
  plannedInDns: z.boolean(),
  /** What the CNAME zone is given. */
  inDns: z.boolean(),
  /** A removal the safety rule holds back. */
  held: z.boolean(),
  override: z.enum(NODE_MONITOR_OVERRIDES).nullable(),
  overrideUntil: z.string().nullable(),
  views: z.array(nodeProbeViewSchema),
  checkedAt: z.string().nullable(),
});
export type NodeMonitorState = z.infer<typeof nodeMonitorStateSchema>;

export const nodeMonitorOverviewSchema = z.object({
  dryRun: z.boolean(),
  mode: z.enum(NODE_CHECK_DISPATCH_MODES),
  /** Seconds between checks (config checkNodeFrequency). */
  frequency: z.number().int(),
  lastCheckAt: z.string().nullable(),
  /**
   * Whether verdicts reach DNS: PowerDNS missing (its words and install command) or no CNAME
   * domain set (web config dns_rewrite.cnameDomain) means the monitor decides but nothing answers.
   */
  dns: z.object({
    state: z.enum(['ready', 'missing', 'noCnameDomain']),
    reason: z.string(),
    install: z.string(),
  }),
  nodes: z.array(nodeMonitorStateSchema),
});
export type NodeMonitorOverview = z.infer<typeof nodeMonitorOverviewSchema>;

export const nodeMonitorEventSchema = z.object({
  id: z.number().int(),
  nodeId: z.number().int().nullable(),
  nodeName: z.string(),
  action: z.enum(NODE_MONITOR_EVENT_ACTIONS),
  reason: z.enum(NODE_MONITOR_REASONS),
  dryRun: z.boolean(),
  failPercent: z.number().int(),
  /** The probe views the decision was made on. */
  evidence: z.array(nodeProbeViewSchema),
  createdAt: z.string(),
});
export type NodeMonitorEvent = z.infer<typeof nodeMonitorEventSchema>;

export const nodeMonitorEventListRequestSchema = listQuerySchema.extend({
  nodeId: z.coerce.number().int().min(1).optional(),
});
export type NodeMonitorEventListRequest = z.input<typeof nodeMonitorEventListRequestSchema>;
export const nodeMonitorEventPageSchema = pageSchema(nodeMonitorEventSchema);

/** How long an override lasts, in minutes (1 minute to 30 days). */
export const nodeMonitorOverrideMinutesSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(NODE_MONITOR_OVERRIDE_MAX_MINUTES);

export const nodeMonitorOverrideRequestSchema = z
  .object({
    nodeId: z.coerce.number().int().min(1),
    /** `clear` ends an override at once. */
    override: z.enum([...NODE_MONITOR_OVERRIDES, 'clear'], { message: 'validation.invalid' }),
    /** How long the override lasts; required unless clearing. */
    minutes: nodeMonitorOverrideMinutesSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.override !== 'clear' && value.minutes === undefined)
      context.addIssue({ code: 'custom', path: ['minutes'], message: 'validation.required' });
  });
export type NodeMonitorOverrideRequest = z.input<typeof nodeMonitorOverrideRequestSchema>;

export const nodeMonitorDryRunRequestSchema = z.object({ dryRun: z.boolean() });
export type NodeMonitorDryRunRequest = z.infer<typeof nodeMonitorDryRunRequestSchema>;

/** An external probe's measurements: for each node it looked at, the ports it tried and those that failed. */
export const nodeProbeReportRequestSchema = z.object({
  probe: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(64)
    .refine((name) => name !== NODE_MONITOR_LOCAL_PROBE, { message: 'nodeMonitor.probeNameTaken' }),
  results: z
    .array(
      z.object({
        nodeId: z.number().int().min(1),
        ports: z.array(z.number().int().min(1).max(65535)).min(1).max(64),
        failedPorts: z.array(z.number().int().min(1).max(65535)).max(64),
      }),
    )
    .max(10_000),
});
export type NodeProbeReportRequest = z.infer<typeof nodeProbeReportRequestSchema>;
/**
 * What the console kept, and what a probe should measure next: the ports to try and the seconds
 * between reports (the config's checkNodePortList and checkNodeFrequency).
 */
export const nodeProbeReportResultSchema = z.object({
  accepted: z.number().int(),
  ports: z.array(z.number().int()),
  frequency: z.number().int(),
});
