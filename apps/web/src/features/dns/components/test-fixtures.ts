import type { DnsRecord, DnsZone, Page } from '@nimbus/contract';

export function zoneRow(id: number, extra: Partial<DnsZone> = {}): DnsZone {
  return {
    id,
    name: `zone${id}.example`,
    enabled: true,
    records: 3,
    dnssec: false,
    ds: [],
    nameservers: ['ns1.nimbus.test', 'ns2.nimbus.test'],
    createdAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}

export function recordRow(id: number, extra: Partial<DnsRecord> = {}): DnsRecord {
  return {
    id,
    zoneId: 1,
    hostRecord: 'www',
    recordType: 'A',
    lineType: 'default',
    recordValue: `192.0.2.${id}`,
    ttl: 600,
    priority: null,
    enabled: true,
    remark: '',
    createdAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}

export const pageOf = <T>(list: T[]): Page<T> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});

export const READY = { ready: true, reason: null, install: null };
