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

/** A run of quoted character-strings, as a zone file writes a TXT record: `"part one" "part two"`. */
const QUOTED_STRINGS = /^"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*$/s;

/** A character-string in zone-file form: quoted, `"` and `\` escaped. */
export const quoteTxt = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The character-strings a TXT value stands for. A value written wholly as quoted strings keeps
 * them apart, as the zone file it came from did (a DKIM key, an SPF record split by its author);
 * any other value is one text.
 */
export function txtStrings(value: string): string[] {
  const trimmed = value.trim();
  if (!QUOTED_STRINGS.test(trimmed)) return [value];
  return [...trimmed.matchAll(/"((?:[^"\\]|\\.)*)"/gs)].map(([, inner]) => inner!.replace(/\\(.)/gs, '$1'));
}

/** One text as DNS strings of at most 255 bytes each (RFC 1035 character-strings). */
function split255(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  if (!bytes.length) return [''];
  const strings: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    // Never split inside a UTF-8 character: back up to its first byte.
    let end = Math.min(start + 255, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    strings.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return strings;
}

/** A TXT value as PowerDNS content: its strings quoted and escaped, each split every 255 bytes. */
export function txtContent(value: string): string {
  return txtStrings(value).flatMap(split255).map(quoteTxt).join(' ');
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
      // A LUA answer is one TXT string, so a value of several strings answers them joined.
      const content = record.type === 'TXT' ? txtStrings(record.value).join('') : contentOf(record);
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
