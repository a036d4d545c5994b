import {
  DNS_LIMITS,
  dnsRecordSaveRequestSchema,
  type DnsLine,
  type DnsRecord,
  type DnsRecordSaveRequest,
  type DnsRecordType,
} from '@nimbus/contract';
import { parseWith, type Parsed } from '@/shared/forms/form-issues';

export interface RecordFormValues {
  hostRecord: string;
  recordType: DnsRecordType;
  lineType: DnsLine;
  recordValue: string;
  ttl: number | null;
  priority: number | null;
  remark: string;
}

/** MX and SRV carry a priority; the other types have none. */
export const hasPriority = (type: DnsRecordType | undefined): boolean => type === 'MX' || type === 'SRV';

/** The label of each request field on the record form: the contract's own field labels. */
export const RECORD_FIELD_LABEL_KEYS: Readonly<Record<string, string>> = {
  hostRecord: 'field.hostRecord',
  recordType: 'field.recordType',
  lineType: 'field.lineType',
  recordValue: 'field.recordValue',
  ttl: 'field.ttl',
  priority: 'field.priority',
  remark: 'field.remark',
  zoneId: 'field.zoneId',
};

export function emptyRecordForm(): RecordFormValues {
  return {
    hostRecord: '',
    recordType: 'A',
    lineType: 'default',
    recordValue: '',
    ttl: DNS_LIMITS.ttlDefault,
    priority: null,
    remark: '',
  };
}

export function recordFormOf(record: DnsRecord): RecordFormValues {
  return {
    hostRecord: record.hostRecord,
    recordType: record.recordType,
    lineType: record.lineType,
    recordValue: record.recordValue,
    ttl: record.ttl,
    priority: record.priority,
    remark: record.remark,
  };
}

/**
 * The save request as the server will read it, or the contract's issues. A priority left in the
 * form from another type is not sent; an emptied TTL is the default.
 */
export function recordSaveBody(
  zoneId: number,
  values: RecordFormValues,
  id?: number,
): Parsed<DnsRecordSaveRequest> {
  return parseWith<DnsRecordSaveRequest>(dnsRecordSaveRequestSchema, {
    ...values,
    zoneId,
    ...(id === undefined ? {} : { id }),
    ttl: values.ttl ?? DNS_LIMITS.ttlDefault,
    priority: hasPriority(values.recordType) ? values.priority : null,
    remark: values.remark ?? '',
  });
}

/** A record's name in questions about it: `www A 192.0.2.1`. */
export function recordLabel(record: Pick<DnsRecord, 'hostRecord' | 'recordType' | 'recordValue'>): string {
  return `${record.hostRecord} ${record.recordType} ${record.recordValue}`;
}
