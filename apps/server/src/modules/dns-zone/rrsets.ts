import type { DnsLine, DnsRecordType } from '@nimbus/contract';
import { absolute, type PowerDnsRRset } from '../../integrations/powerdns/client';
import { lineRecordContent } from '../dns-lines/line-script';

/** What a record set is built from: a record as Nimbus keeps it. */
export interface RecordForRRset {
  host: string;
  type: DnsRecordType;
  line: DnsLine;
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

/** A set whose records answer by line is served by a LUA record instead (ADR 0025). */
const answersByLine = (members: readonly RecordForRRset[]) =>
  members.some((record) => record.line !== 'default');

/** One host's enabled records by type. */
type HostSets = Map<string, RecordForRRset[]>;

function plainRRset(
  zone: string,
  host: string,
  type: string,
  members: readonly RecordForRRset[],
): PowerDnsRRset {
  const name = ownerName(zone, host);
  if (!members.length || answersByLine(members)) return { name, type, changetype: 'DELETE', records: [] };
  return {
    name,
    type,
    ttl: Math.min(...members.map((record) => record.ttl)),
    changetype: 'REPLACE',
    records: [...new Set(members.map(contentOf))].map((content) => ({ content, disabled: false })),
  };
}

/**
 * The LUA record set of one host: a LUA record for each of its types that answers by line,
 * picking among the lines' contents at query time; deleted when no type does.
 */
function lineRRset(zone: string, host: string, sets: HostSets, lineLibrary: string | null): PowerDnsRRset {
  const name = ownerName(zone, host);
  const lined = [...sets.values()].filter(answersByLine);
  if (!lined.length) return { name, type: 'LUA', changetype: 'DELETE', records: [] };
  if (!lineLibrary) throw new Error('records answer by line, but no line library is installed');
  const records = lined.map((members) => {
    const answers = new Map<DnsLine, string[]>();
    for (const record of members) {
      const contents = answers.get(record.line) ?? [];
      // PowerDNS quotes a LUA record's TXT answer itself.
      const content = record.type === 'TXT' ? record.value : contentOf(record);
      if (!contents.includes(content)) contents.push(content);
      answers.set(record.line, contents);
    }
    return { content: lineRecordContent(lineLibrary, members[0]!.type, answers), disabled: false };
  });
  const ttl = Math.min(...lined.flat().map((record) => record.ttl));
  return { name, type: 'LUA', ttl, changetype: 'REPLACE', records };
}

/**
 * The record sets for the given (host, type) keys, from all of their hosts' records: the enabled
 * ones answer, with the lowest TTL among them (a set has one TTL); a set with none left is
 * deleted. A set with records on lines other than the default is served by its host's LUA record
 * set, which is sent again for every host touched (`lineLibrary`: the library those records call).
 */
export function rrsetsFor(
  zone: string,
  keys: Iterable<string>,
  records: readonly RecordForRRset[],
  lineLibrary: string | null,
): PowerDnsRRset[] {
  const byHost = new Map<string, HostSets>();
  for (const record of records) {
    if (!record.enabled) continue;
    const sets = byHost.get(record.host) ?? new Map<string, RecordForRRset[]>();
    sets.set(record.type, [...(sets.get(record.type) ?? []), record]);
    byHost.set(record.host, sets);
  }
  const touched = new Map<string, Set<string>>();
  for (const key of keys) {
    const [host, type] = key.split('\u0000') as [string, string];
    touched.set(host, (touched.get(host) ?? new Set()).add(type));
  }
  return [...touched].flatMap(([host, types]) => {
    const sets = byHost.get(host) ?? new Map<string, RecordForRRset[]>();
    return [
      ...[...types].map((type) => plainRRset(zone, host, type, sets.get(type) ?? [])),
      lineRRset(zone, host, sets, lineLibrary),
    ];
  });
}

/** Whether any of these records answers by line (their sets then need the line library). */
export const usesLines = (records: readonly Pick<RecordForRRset, 'line' | 'enabled'>[]) =>
  records.some((record) => record.enabled && record.line !== 'default');
