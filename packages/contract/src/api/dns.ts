import { z } from 'zod';
import { DNS_LINES } from './dns-lines';
import { listQuerySchema, pageSchema } from '../envelope';
import { isDomain, isHostname } from '../validators/domain';
import { isIPv4, isIPv6 } from '../validators/network';

/*
 * DNS hosting (issue 9 §2; spec §2 DNS user routes and site/dns, §3 custom CNAME record). The
 * customer's token; another customer's zone or record answers 404. Answered by PowerDNS
 * Authoritative the moment a change is saved (ADR 0022).
 *
 *   POST app/dns/zone/list        DnsZoneListRequest → Page<DnsZone>
 *   GET  app/dns/zone/info        ?id → DnsZone
 *   POST app/dns/zone/create      { name } → DnsZone
 *   POST app/dns/zone/status      { ids, action: enable | disable | delete } → { changed }
 *   GET  app/dns/zone/delegation  ?id → DnsDelegation (the registry's NS beside ours)
 *   POST app/dns/zone/dnssec      { id, enabled } → DnsZone (with its DS records)
 *   POST app/dns/record/list      DnsRecordListRequest → Page<DnsRecord>
 *   POST app/dns/record/save      DnsRecordSaveRequest (no id → add) → DnsRecord
 *   POST app/dns/record/bulk      { zoneId, records } → { changed } (all or nothing)
 *   POST app/dns/record/status    { zoneId, ids, action } → { changed }
 *   POST app/dns/record/import    { zoneId, text } → DnsImportResult (a BIND zone file; all or nothing)
 *   GET  app/dns/record/export    ?zoneId → the zone's records as a BIND zone file (a download)
 *   GET  app/dns/status           → DnsServiceStatus (is PowerDNS there, and how to install it)
 *   GET  app/dns/user/chart/data  → DnsUserChart: the DNS dashboard's numbers
 *
 * Admin (DNS admin console, issue 9 §7):
 *   GET  sys/dns/GetVersionData     → { list: DnsServerInfo[] }: each PowerDNS server, its version and uptime
 *   GET  sys/dns/GetIndexChartData  → DnsAdminChart: zones, records and the servers' query counters
 *   GET  sys/dns/GetUpdateStatus    → DnsUpdateStatus: installed versions and how to upgrade them
 *   GET  sys/dns/version/update     → DnsUpdateStatus: the same; upgrades come from Debian's packages
 */
// The paths live without zod in dns-constants.ts, so the DNS dashboards load no schema.
export * from './dns-constants';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const DNS_LIMITS = {
  ttlMin: 60,
  ttlMax: 86_400,
  ttlDefault: 600,
  /** One TXT string holds at most 255 bytes; longer values are split into several. */
  txtMax: 2_048,
  bulkMax: 500,
  /** Records one zone file may bring. */
  importMax: 10_000,
  remarkMax: 100,
} as const;

export const DNS_ACTIONS = ['enable', 'disable', 'delete'] as const;

/** `@`, `www`, `a.b`, `*`, `*.dev`, `_sip._tcp`: the part of a name before the zone. */
export function isDnsHost(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value === '@' || value === '*') return true;
  const labels = value.split('.');
  return (
    value.length <= 200 &&
    labels.every((label, index) =>
      label === '*' ? index === 0 : /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i.test(label),
    )
  );
}

const hostname = (value: string) => isHostname(value.replace(/\.$/, ''));
const uint16 = (text: string | undefined) =>
  text !== undefined && /^\d{1,5}$/.test(text) && Number(text) <= 65_535;

/** Whether `value` is a valid record value of `type` (MX and SRV priorities are separate). */
export function dnsValueIssue(type: DnsRecordType, value: string): string | undefined {
  switch (type) {
    case 'A':
      return isIPv4(value) ? undefined : 'dns.valueIPv4';
    case 'AAAA':
      return isIPv6(value) ? undefined : 'dns.valueIPv6';
    case 'CNAME':
    case 'NS':
    case 'MX':
      return hostname(value) ? undefined : 'dns.valueHostname';
    case 'TXT':
      return value.length >= 1 && value.length <= DNS_LIMITS.txtMax && !/[\r\n]/.test(value)
        ? undefined
        : 'dns.valueTxt';
    case 'SRV': {
      // weight port target (the priority is its own field, as for MX)
      const [weight, port, target, ...rest] = value.split(/\s+/);
      return uint16(weight) && uint16(port) && target && (target === '.' || hostname(target)) && !rest.length
        ? undefined
        : 'dns.valueSrv';
    }
    case 'CAA':
      return /^(0|128) (issue|issuewild|iodef) "[^"\s]*"$/.test(value) ? undefined : 'dns.valueCaa';
  }
}

export const dnsZoneListRequestSchema = listQuerySchema.extend({
  keyword: z.string().trim().max(255).optional(),
});
export type DnsZoneListRequest = z.input<typeof dnsZoneListRequestSchema>;

export const dnsZoneCreateRequestSchema = z.object({
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .transform((name) => name.replace(/\.$/, ''))
    .pipe(
      z
        .string()
        .min(1, { message: 'validation.required', abort: true })
        .refine((name) => isDomain(name) && !name.startsWith('*.'), { message: 'validation.domain' }),
    ),
});

const idList = z.array(z.number().int().min(1)).min(1, { message: 'validation.required' }).max(1_000);

export const dnsZoneStatusRequestSchema = z.object({
  ids: idList,
  action: z.enum(DNS_ACTIONS, { message: 'validation.invalid' }),
});

export const dnsZoneDnssecRequestSchema = z.object({
  id: z.number().int().min(1),
  enabled: z.boolean(),
});

export const dnsZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  records: z.number().int(),
  dnssec: z.boolean(),
  /** The DS records to give the registrar while DNSSEC is on. */
  ds: z.array(z.string()),
  /** The name servers the registry should list for the zone. */
  nameservers: z.array(z.string()),
  createdAt: z.string(),
});
export type DnsZone = z.infer<typeof dnsZoneSchema>;
export const dnsZonePageSchema = pageSchema(dnsZoneSchema);

export const dnsDelegationSchema = z.object({
  expected: z.array(z.string()),
  /** What the public DNS says now; empty when the name has no NS records there. */
  actual: z.array(z.string()),
  delegated: z.boolean(),
  /** Why the lookup failed, when it did (no answer, timeout…). */
  error: z.string().nullable(),
});
export type DnsDelegation = z.infer<typeof dnsDelegationSchema>;

const recordFields = {
  hostRecord: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'validation.required', abort: true })
    .refine(isDnsHost, { message: 'dns.host' }),
  recordType: z.enum(DNS_RECORD_TYPES, { message: 'validation.invalid' }),
  lineType: z.enum(DNS_LINES, { message: 'validation.invalid' }).default('default'),
  recordValue: z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }),
  ttl: z.coerce.number().int().min(DNS_LIMITS.ttlMin).max(DNS_LIMITS.ttlMax).default(DNS_LIMITS.ttlDefault),
  /** MX and SRV only. */
  priority: z.coerce.number().int().min(0).max(65_535).nullable().default(null),
  remark: z.string().trim().max(DNS_LIMITS.remarkMax).default(''),
};

type RecordInput = { recordType: DnsRecordType; recordValue: string; priority: number | null };

/** The checks that need more than one field: the value for its type, a priority for MX and SRV. */
function checkRecord(record: RecordInput, context: z.RefinementCtx) {
  const path: string[] = [];
  const valueIssue = dnsValueIssue(record.recordType, record.recordValue);
  if (valueIssue) context.addIssue({ code: 'custom', path: [...path, 'recordValue'], message: valueIssue });
  const wantsPriority = record.recordType === 'MX' || record.recordType === 'SRV';
  if (wantsPriority && record.priority === null)
    context.addIssue({ code: 'custom', path: [...path, 'priority'], message: 'validation.required' });
}

export const dnsRecordInputSchema = z
  .object(recordFields)
  .superRefine((record, context) => checkRecord(record, context));
export type DnsRecordInput = z.input<typeof dnsRecordInputSchema>;

export const dnsRecordSaveRequestSchema = z
  .object({ zoneId: z.number().int().min(1), id: z.number().int().min(1).optional(), ...recordFields })
  .superRefine((record, context) => checkRecord(record, context));
export type DnsRecordSaveRequest = z.input<typeof dnsRecordSaveRequestSchema>;

export const dnsRecordBulkRequestSchema = z.object({
  zoneId: z.number().int().min(1),
  records: z
    .array(dnsRecordInputSchema)
    .min(1, { message: 'validation.required' })
    .max(DNS_LIMITS.bulkMax, { message: 'dns.bulkTooMany' }),
});

export const dnsRecordStatusRequestSchema = z.object({
  zoneId: z.number().int().min(1),
  ids: idList,
  action: z.enum(DNS_ACTIONS, { message: 'validation.invalid' }),
});

export const dnsImportRequestSchema = z.object({
  zoneId: z.number().int().min(1),
  text: z
    .string({ message: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(1_500_000),
});

export const dnsImportResultSchema = z.object({
  added: z.number().int(),
  /** Lines not imported, and why (the platform's SOA and NS, types not hosted, records already there). */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type DnsImportResult = z.infer<typeof dnsImportResultSchema>;

export const dnsRecordListRequestSchema = listQuerySchema.extend({
  zoneId: z.coerce.number().int().min(1),
  /** Matches the host records and values that start with it (indexed: fast at 100,000 records). */
  keyword: z.string().trim().max(255).optional(),
  recordType: z.enum(DNS_RECORD_TYPES, { message: 'validation.invalid' }).optional(),
});
export type DnsRecordListRequest = z.input<typeof dnsRecordListRequestSchema>;

export const dnsRecordSchema = z.object({
  id: z.number().int(),
  zoneId: z.number().int(),
  hostRecord: z.string(),
  recordType: z.enum(DNS_RECORD_TYPES),
  lineType: z.enum(DNS_LINES),
  recordValue: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
  enabled: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;
export const dnsRecordPageSchema = pageSchema(dnsRecordSchema);

export const dnsServiceStatusSchema = z.object({
  ready: z.boolean(),
  /** Why PowerDNS is not there, in its own words, when it is not. */
  reason: z.string().nullable(),
  /** The command that installs it. */
  install: z.string().nullable(),
});
export type DnsServiceStatus = z.infer<typeof dnsServiceStatusSchema>;

export const dnsUserChartSchema = z.object({
  zones: z.number().int(),
  enabledZones: z.number().int(),
  records: z.number().int(),
  recordsByType: z.record(z.string(), z.number().int()),
  /**
   * Queries for the customer's zones among the last ones PowerDNS keeps (its ring of recent
   * queries, `queriesWindow` long); null when PowerDNS is not running.
   */
  recentQueries: z.number().int().nullable(),
  queriesWindow: z.number().int().nullable(),
});
export type DnsUserChart = z.infer<typeof dnsUserChartSchema>;

export const DNS_SERVER_KINDS = ['authoritative', 'recursor'] as const;

export const dnsServerInfoSchema = z.object({
  kind: z.enum(DNS_SERVER_KINDS),
  ready: z.boolean(),
  version: z.string().nullable(),
  uptimeSeconds: z.number().int().nullable(),
  /** Where it answers DNS. */
  address: z.string().nullable(),
  reason: z.string().nullable(),
  install: z.string().nullable(),
});
export type DnsServerInfo = z.infer<typeof dnsServerInfoSchema>;
export const dnsServerListSchema = z.object({ list: z.array(dnsServerInfoSchema) });

export const dnsAdminChartSchema = z.object({
  zones: z.number().int(),
  records: z.number().int(),
  customers: z.number().int(),
  /** Each ready server's counters since it started (name → value), as PowerDNS reports them. */
  counters: z.array(z.object({ kind: z.enum(DNS_SERVER_KINDS), values: z.record(z.string(), z.number()) })),
});
export type DnsAdminChart = z.infer<typeof dnsAdminChartSchema>;

export const dnsUpdateStatusSchema = z.object({
  list: z.array(z.object({ kind: z.enum(DNS_SERVER_KINDS), version: z.string().nullable() })),
  /** Nimbus does not upgrade system packages from a web request: this is the command to run. */
  command: z.string(),
});
export type DnsUpdateStatus = z.infer<typeof dnsUpdateStatusSchema>;
