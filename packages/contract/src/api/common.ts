import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';

/**
 * The spec's remaining common calls (§7), each answering real platform data:
 *
 * Public / customer:
 *   GET  app/common/web/agent        → WebAgent: the reseller's brand and contact for this console
 *   GET  app/common/web/update/log   ?page&limit → Page<UpdateLogEntry>: Nimbus's own release notes
 *   POST app/common/notice/list      ListQuery → Page<Notice>: published announcements, newest first
 *   POST app/product/user/auth       → ProductAuth: which products and features this customer may use
 *   POST app/account/request         { ops } → { results }: several named reads in one round trip
 * Admin:
 *   GET  sys/config/getParamClass    → { list: ParamClass[] }: the config records by class
 *   GET  sys/config/update/conf/status → { list: ConfStatus[] }: edge config propagation per node group
 *   GET  sys/common/index (also sys_common/index) → PlatformIndex: platform counts
 *   POST sys/common/request (also sys_common/request) { ops } → { results }: named admin reads
 *   GET  sys/common/enums            → the contract's enums, by name
 *   GET  sys/cdnsys/auth/GetIndexChartData ?days → IndexChart: daily counts for the dashboard
 *   POST sys/cdnsys/auth/update/static/variable → { groups }: republishes every node group's config
 *   POST sys/cdnsys/admin/tool/redis/data { op } → the job queue and in-process caches (no Redis:
 *        the spec's "redis tool" inspects what Nimbus keeps instead)
 * `request` calls run named operations of a fixed list; they never fetch a URL. Their paths are in
 * common-constants.ts, without zod.
 */
export const webAgentSchema = z.object({
  name: z.string(),
  logo: z.string(),
  /** The contact section of web config (phone, e-mail, QQ, address…), as configured. */
  contact: z.record(z.string(), z.unknown()),
  registerOpen: z.boolean(),
});
export type WebAgent = z.infer<typeof webAgentSchema>;

export const updateLogEntrySchema = z.object({
  version: z.string(),
  date: z.string(),
  items: z.array(z.string()),
});
export type UpdateLogEntry = z.infer<typeof updateLogEntrySchema>;
export const updateLogQuerySchema = listQuerySchema.pick({ page: true, limit: true });
export const updateLogPageSchema = pageSchema(updateLogEntrySchema);

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createtime: z.string(),
});
export const noticeListRequestSchema = listQuerySchema.pick({ page: true, limit: true });
export const noticePageSchema = pageSchema(noticeSchema);

export const productAuthSchema = z.object({
  /** A product is off for a customer whose every page of that console is hidden. */
  products: z.object({ cdn: z.boolean(), dns: z.boolean() }),
  /** Web config custom flags, the features the platform offers (above 0: on). */
  features: z.record(z.string(), z.boolean()),
  unvalidModel: z.array(z.string()),
  maxForceUrl: z.number().int(),
});
export type ProductAuth = z.infer<typeof productAuthSchema>;

export const CUSTOMER_REQUEST_OPS = ['userinfo', 'unreadCount', 'webConfig', 'productAuth'] as const;
export const ADMIN_REQUEST_OPS = ['index', 'confStatus', 'paramClass', 'enums'] as const;
const opsOf = <T extends readonly [string, ...string[]]>(ops: T) =>
  z.object({
    ops: z
      .array(z.enum(ops, { message: 'validation.invalid' }))
      .min(1, { message: 'validation.required' })
      .max(ops.length),
  });
export const accountRequestSchema = opsOf(CUSTOMER_REQUEST_OPS);
export const adminRequestSchema = opsOf(ADMIN_REQUEST_OPS);
export const requestResultsSchema = z.object({ results: z.record(z.string(), z.unknown()) });

export const paramClassSchema = z.object({
  name: z.enum(['web', 'notify', 'login', 'verify', 'payment', 'edge', 'other']),
  params: z.array(
    z.object({ id: z.number().int(), paramKey: z.string(), remark: z.string(), status: z.number().int() }),
  ),
});
export type ParamClass = z.infer<typeof paramClassSchema>;
export const paramClassListSchema = z.object({ list: z.array(paramClassSchema) });

export const confStatusSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  revision: z.number().int(),
  nodes: z.number().int(),
  /** Nodes serving the group's newest revision. */
  applied: z.number().int(),
  /** Nodes whose newest bundle nginx refused. */
  failed: z.number().int(),
  online: z.number().int(),
});
export type ConfStatus = z.infer<typeof confStatusSchema>;
export const confStatusListSchema = z.object({ list: z.array(confStatusSchema) });

export const platformIndexSchema = z.object({
  customers: z.number().int(),
  disabledCustomers: z.number().int(),
  sites: z.number().int(),
  nodes: z.number().int(),
  onlineNodes: z.number().int(),
  openWorkOrders: z.number().int(),
  /** Certificates that expire within 30 days. */
  expiringCertificates: z.number().int(),
  failedLoginsToday: z.number().int(),
});
export type PlatformIndex = z.infer<typeof platformIndexSchema>;

export const indexChartQuerySchema = z.object({ days: z.coerce.number().int().min(7).max(90).default(30) });
export const indexChartSchema = z.object({
  /** `YYYY-MM-DD` in the display time zone (web config, default UTC+8), oldest first. */
  days: z.array(z.string()),
  series: z.object({
    customers: z.array(z.number().int()),
    sites: z.array(z.number().int()),
    workOrders: z.array(z.number().int()),
    logins: z.array(z.number().int()),
  }),
});
export type IndexChart = z.infer<typeof indexChartSchema>;

export const staticVariableResultSchema = z.object({ groups: z.number().int() });

export const TOOL_OPS = ['jobs', 'caches', 'clearCaches'] as const;
export const toolRequestSchema = z.object({ op: z.enum(TOOL_OPS, { message: 'validation.invalid' }) });
export const toolResultSchema = z.object({ op: z.enum(TOOL_OPS), data: z.unknown() });
