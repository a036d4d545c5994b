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
