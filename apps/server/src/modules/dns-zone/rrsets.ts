import type { DnsRecordType } from '@nimbus/contract';
import { absolute, type PowerDnsRRset } from '../../integrations/powerdns/client';

/** What a record set is built from: a record as Nimbus keeps it. */
export interface RecordForRRset {
  host: string;
  type: DnsRecordType;
  value: string;
  ttl: number;
  priority: number | null;
  enabled: boolean;
}

/** `@` → the zone; `www` → `www.<zone>.` */
export const ownerName = (zone: string, host: string) => absolute(host === '@' ? zone : `${host}.${zone}`);

/** A TXT value as DNS strings: quoted, escaped, split every 255 bytes (RFC 1035 character-strings). */
export function txtContent(value: string): string {
  const bytes = Buffer.from(value, 'utf8');
  const strings: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    // Never split inside a UTF-8 character: back up to its first byte.
    let end = Math.min(start + 255, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    strings.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return strings.map((part) => `"${part.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(' ');
}

/** The record's content in PowerDNS's (zone file) form. */
export function contentOf(record: Pick<RecordForRRset, 'type' | 'value' | 'priority'>): string {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return absolute(record.value);
    case 'MX':
      return `${record.priority ?? 0} ${absolute(record.value)}`;
    case 'SRV': {
      const [weight, port, target] = record.value.split(/\s+/);
      return `${record.priority ?? 0} ${weight} ${port} ${target === '.' ? '.' : absolute(target!)}`;
    }
    case 'TXT':
      return txtContent(record.value);
    default:
      return record.value;
  }
}

/** host + type: one record set. */
export const setKey = (host: string, type: string) => `${host}\u0000${type}`;

/**
 * The record sets for the given (host, type) keys, from all of their records: the enabled ones
 * answer, with the lowest TTL among them (a set has one TTL); a set with none left is deleted.
 */
export function rrsetsFor(
  zone: string,
  keys: Iterable<string>,
  records: readonly RecordForRRset[],
): PowerDnsRRset[] {
  const byKey = new Map<string, RecordForRRset[]>();
  for (const record of records) {
    if (!record.enabled) continue;
    const key = setKey(record.host, record.type);
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  return [...new Set(keys)].map((key) => {
    const [host, type] = key.split('\u0000') as [string, string];
    const members = byKey.get(key) ?? [];
    if (!members.length) return { name: ownerName(zone, host), type, changetype: 'DELETE', records: [] };
    const contents = [...new Set(members.map(contentOf))];
    return {
      name: ownerName(zone, host),
      type,
      ttl: Math.min(...members.map((record) => record.ttl)),
      changetype: 'REPLACE',
      records: contents.map((content) => ({ content, disabled: false })),
    };
  });
}
