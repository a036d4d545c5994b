import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';

/**
 * The operation log (spec §2 `log/list`) and the admins' audit log, both read from the audit
 * log. A customer sees only the rows that concern them: their own actions, failed logins on
 * their account and admins' changes to it.
 *
 *   POST app/log/list    OperationLogListRequest       → Page<OperationLogEntry>
 *   GET  app/log/export  OperationLogListRequest (query) → text/csv
 *   POST sys/log/list    AuditLogListRequest           → Page<AuditLogEntry>
 *   GET  sys/log/export  AuditLogListRequest (query)   → text/csv
 */
export const OPERATION_LOG_PATHS = {
  list: 'app/log/list',
  export: 'app/log/export',
  adminList: 'sys/log/list',
  adminExport: 'sys/log/export',
} as const;

/**
 * What a row is about, for the kind filter: each kind is the actions starting with one of its
 * prefixes (`login.` matches login.ok and login.failed) or equal to one of its names.
 */
export const OPERATION_KINDS = {
  login: ['login.', 'logout', 'token.', 'account.login_as'],
  security: ['password.', 'totp.', 'whiteip.', 'account.', 'wechat.', 'api_key.'],
  site: ['site.', 'site_group.', 'waf.'],
  certificate: ['certificate.'],
  cache: ['purge.'],
  stream: ['stream.'],
  work_order: ['work_order.'],
  finance: ['finance.'],
  system: ['config.', 'webconfig.', 'message.', 'backup.', 'edge.', 'mail.', 'sms.', 'admin.', 'product.'],
} as const satisfies Record<string, readonly string[]>;
export type OperationKind = keyof typeof OPERATION_KINDS;
export const OPERATION_KIND_NAMES = Object.keys(OPERATION_KINDS) as OperationKind[];
/** The kinds a customer's own log offers (the rest are admins' work). */
export const CUSTOMER_OPERATION_KINDS: readonly OperationKind[] = [
  'login',
  'security',
  'site',
  'certificate',
  'cache',
  'stream',
  'work_order',
  'finance',
];

/** The kind an action belongs to, or 'other'. */
export function operationKindOf(action: string): OperationKind | 'other' {
  for (const kind of OPERATION_KIND_NAMES)
    if (OPERATION_KINDS[kind].some((p) => (p.endsWith('.') ? action.startsWith(p) : action === p)))
      return kind;
  return 'other';
}

/** Exports stop at this many rows; narrow the dates for more. */
export const OPERATION_LOG_EXPORT_LIMIT = 50_000;

const isoDate = z.iso.datetime({ offset: true, message: 'validation.invalid' });

export const operationLogListRequestSchema = listQuerySchema.extend({
  kind: z
    .enum(OPERATION_KIND_NAMES as [OperationKind, ...OperationKind[]], { message: 'validation.invalid' })
    .optional(),
  /**
   * Spec §5 date range: the client sends the first day's 00:00:00 and the last day's 23:59:59
   * in the user's time zone, as ISO instants.
   */
  startTime: isoDate.optional(),
  endTime: isoDate.optional(),
  /** Only failed (false) or only successful (true) operations. */
  success: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});
export type OperationLogListRequest = z.input<typeof operationLogListRequestSchema>;
export type OperationLogListQuery = z.infer<typeof operationLogListRequestSchema>;

export const auditLogListRequestSchema = operationLogListRequestSchema.extend({
  /** Part of the acting admin's or customer's username. */
  actor: z.string().trim().max(64).optional(),
  /** Part of the username of the customer concerned. */
  customer: z.string().trim().max(64).optional(),
  /** Part of the action's name, e.g. `password`. */
  action: z.string().trim().max(64).optional(),
});
export type AuditLogListRequest = z.input<typeof auditLogListRequestSchema>;
export type AuditLogListQuery = z.infer<typeof auditLogListRequestSchema>;

export const operationLogEntrySchema = z.object({
  id: z.number().int(),
  /** e.g. login.ok, site.create; `operation.action.<action, dots as _>` names it. */
  action: z.string(),
  kind: z.string(),
  success: z.boolean(),
  ip: z.string().nullable(),
  target: z.string().nullable(),
  /** Who did it, as the customer sees it: themselves, an administrator, or nobody signed in. */
  by: z.enum(['self', 'admin', 'anonymous']),
  /** A few facts for the customer (domains, reason…): never another account's details. */
  detail: z.record(z.string(), z.unknown()),
  createtime: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntrySchema>;
export const operationLogPageSchema = pageSchema(operationLogEntrySchema);

export const auditLogEntrySchema = operationLogEntrySchema.omit({ by: true }).extend({
  actorKind: z.enum(['customer', 'admin', 'anonymous']),
  actorName: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogPageSchema = pageSchema(auditLogEntrySchema);

/** What a customer may read of a row's detail. */
export const CUSTOMER_DETAIL_KEYS = [
  'reason',
  'domain',
  'domains',
  'kind',
  'number',
  'name',
  'count',
  'action',
] as const;
