/** DNS paths without zod (dns.ts describes each call), so the DNS dashboards load no schema. */
export const DNS_PATHS = {
  zoneList: 'app/dns/zone/list',
  zoneInfo: 'app/dns/zone/info',
  zoneCreate: 'app/dns/zone/create',
  zoneStatus: 'app/dns/zone/status',
  zoneDelegation: 'app/dns/zone/delegation',
  zoneDnssec: 'app/dns/zone/dnssec',
  recordList: 'app/dns/record/list',
  recordSave: 'app/dns/record/save',
  recordBulk: 'app/dns/record/bulk',
  recordStatus: 'app/dns/record/status',
  recordImport: 'app/dns/record/import',
  recordExport: 'app/dns/record/export',
  status: 'app/dns/status',
  userChart: 'app/dns/user/chart/data',
} as const;

export const DNS_ADMIN_PATHS = {
  versions: 'sys/dns/GetVersionData',
  indexChart: 'sys/dns/GetIndexChartData',
  updateStatus: 'sys/dns/GetUpdateStatus',
  update: 'sys/dns/version/update',
} as const;

/**
 * The DS digest types given to registrars: SHA-256 (2) and SHA-384 (4). SHA-1 (1), which
 * PowerDNS still lists, must not be used for DS records any more (RFC 8624 §3.3).
 */
export const DS_DIGEST_TYPES: readonly number[] = [2, 4];

/** A DS record's digest type: `<tag> <algorithm> <digest type> <digest>`, owner, class and `DS` optional in front. */
export function dsDigestType(ds: string): number | undefined {
  const fields = ds.trim().split(/\s+/);
  const type = fields[fields.findIndex((field) => field.toUpperCase() === 'DS') + 3];
  return type !== undefined && /^\d+$/.test(type) ? Number(type) : undefined;
}

/** The DS records worth giving a registrar: those of SHA-256 or SHA-384 digests. */
export const offeredDs = (records: readonly string[]): string[] =>
  records.filter((ds) => DS_DIGEST_TYPES.includes(dsDigestType(ds) ?? -1));
