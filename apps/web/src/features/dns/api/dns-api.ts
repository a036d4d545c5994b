import {
  DNS_LINE_API,
  DNS_PATHS,
  type IpArea,
  type LineCatalogue,
  type DnsDelegation,
  type DnsImportResult,
  type DnsRecord,
  type DnsRecordInput,
  type DnsRecordListRequest,
  type DnsRecordSaveRequest,
  type DnsServiceStatus,
  type DnsZone,
  type DnsZoneListRequest,
  type Page,
} from '@nimbus/contract';
import { api, saveDownload } from '@/shared/api/client';

export type DnsAction = 'enable' | 'disable' | 'delete';

export const dnsKeys = {
  all: ['dns'] as const,
  status: () => [...dnsKeys.all, 'status'] as const,
  zones: (request: DnsZoneListRequest) => [...dnsKeys.all, 'zones', request] as const,
  zone: (id: number) => [...dnsKeys.all, 'zone', id] as const,
  delegation: (id: number) => [...dnsKeys.all, 'delegation', id] as const,
  records: (request: DnsRecordListRequest) => [...dnsKeys.all, 'records', request] as const,
  lines: () => [...dnsKeys.all, 'lines'] as const,
};

export const dnsApi = {
  status: (signal?: AbortSignal) => api.get<DnsServiceStatus>(DNS_PATHS.status, undefined, signal),
  zones: (body: DnsZoneListRequest, signal?: AbortSignal) =>
    api.post<Page<DnsZone>>(DNS_PATHS.zoneList, body, signal),
  zone: (id: number, signal?: AbortSignal) => api.get<DnsZone>(DNS_PATHS.zoneInfo, { id }, signal),
  createZone: (body: { name: string }) => api.post<DnsZone>(DNS_PATHS.zoneCreate, body),
  /** All or nothing; deleting a zone deletes its records too. */
  zoneStatus: (body: { ids: number[]; action: DnsAction }) =>
    api.post<{ changed: number }>(DNS_PATHS.zoneStatus, body),
  delegation: (id: number, signal?: AbortSignal) =>
    api.get<DnsDelegation>(DNS_PATHS.zoneDelegation, { id }, signal),
  dnssec: (body: { id: number; enabled: boolean }) => api.post<DnsZone>(DNS_PATHS.zoneDnssec, body),
  records: (body: DnsRecordListRequest, signal?: AbortSignal) =>
    api.post<Page<DnsRecord>>(DNS_PATHS.recordList, body, signal),
  /** Without an id it adds the record. */
  saveRecord: (body: DnsRecordSaveRequest) => api.post<DnsRecord>(DNS_PATHS.recordSave, body),
  /** All or nothing: one bad record refuses the whole request. */
  bulkRecords: (body: { zoneId: number; records: DnsRecordInput[] }) =>
    api.post<{ changed: number }>(DNS_PATHS.recordBulk, body),
  /** A BIND zone file: all of its records or none; lines not imported come back with the reason. */
  importRecords: (body: { zoneId: number; text: string }) =>
    api.post<DnsImportResult>(DNS_PATHS.recordImport, body),
  exportRecords: (zoneId: number) => saveDownload(DNS_PATHS.recordExport, { zoneId }),
  /** The lines, and whether the platform's DNS server can answer by them. */
  lines: (signal?: AbortSignal) => api.get<LineCatalogue>(DNS_LINE_API.lineAreas, undefined, signal),
  ipArea: (ip: string) => api.get<IpArea>(DNS_LINE_API.ipArea, { ip }),
  recordStatus: (body: { zoneId: number; ids: number[]; action: DnsAction }) =>
    api.post<{ changed: number }>(DNS_PATHS.recordStatus, body),
};
