import { DNS_LIMITS, DNS_RECORD_TYPES, type DnsLine, type DnsRecordType } from '@nimbus/contract';
import { contentOf, quoteTxt, txtStrings } from './rrsets';

/**
 * BIND zone files (RFC 1035 §5) in and out: the part a hosted zone's customer moves between
 * providers. Reads $ORIGIN, $TTL, comments, parentheses, quoted strings, relative and absolute
 * names, omitted owners and TTLs, and the record types Nimbus hosts; SOA and the apex NS belong
 * to the platform and other types are not hosted, so those are listed as skipped.
 */

export interface ZoneFileRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  hostRecord: string;
  recordType: DnsRecordType;
  recordValue: string;
  ttl: number;
  priority: number | null;
}

export interface ZoneFileResult {
  records: ZoneFileRecord[];
  skipped: { line: number; reason: string }[];
  /** A line that cannot be read at all: the import is refused, naming it. */
  errors: { line: number; reason: string }[];
}

const CLASSES = new Set(['IN', 'CH', 'HS']);

/** Splits a logical line into fields; quoted strings keep their quotes. */
function fields(text: string): string[] {
  const out: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (/\s/.test(text[index]!)) {
      index++;
      continue;
    }
    let end = index;
    if (text[index] === '"') {
      end++;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      end++;
    } else while (end < text.length && !/\s/.test(text[end]!)) end++;
    out.push(text.slice(index, end));
    index = end;
  }
  return out;
}

/** Logical lines: comments gone, parenthesised runs joined, each with the line it starts on. */
function logicalLines(text: string): { line: number; text: string; ownerOmitted: boolean }[] {
  const result: { line: number; text: string; ownerOmitted: boolean }[] = [];
  let pending: { line: number; text: string; ownerOmitted: boolean } | undefined;
  let depth = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    let kept = '';
    let quoted = false;
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      if (c === '\\' && quoted) {
        kept += c + (raw[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === '"') quoted = !quoted;
      if (!quoted && c === ';') break;
      if (!quoted && c === '(') {
        depth++;
        kept += ' ';
        continue;
      }
      if (!quoted && c === ')') {
        depth = Math.max(0, depth - 1);
        kept += ' ';
        continue;
      }
      kept += c;
    }
    if (pending) pending.text += ` ${kept}`;
    else if (kept.trim()) pending = { line: index + 1, text: kept, ownerOmitted: /^\s/.test(kept) };
    if (pending && depth === 0) {
      result.push(pending);
      pending = undefined;
    }
  });
  if (pending) result.push(pending);
  return result;
}

/** A quoted character-string's text: `\"` and `\\` escapes, and `\DDD` bytes (UTF-8 as written). */
function unquote(field: string): string {
  const parts: Buffer[] = [];
  for (const [, byte, escaped, plain] of field.slice(1, -1).matchAll(/\\(\d{3})|\\(.)|([^\\]+)/gsu))
    parts.push(
      byte !== undefined ? Buffer.from([Number(byte)]) : Buffer.from(escaped ?? plain ?? '', 'utf8'),
    );
  return Buffer.concat(parts).toString('utf8');
}

/**
 * A TXT record's fields as the value Nimbus keeps: each field is a character-string of its own
 * (RFC 1035 §3.3.14), so several stay apart in quoted form (`"part one" "part two"`), which the
 * record serves as they were; one string is kept as plain text unless it reads as quoted strings.
 */
function txtValue(parts: readonly string[]): string {
  const strings = parts.map((part) => (part.startsWith('"') ? unquote(part) : part));
  const only = strings.length === 1 ? strings[0]! : undefined;
  if (only !== undefined && txtStrings(only).length === 1 && txtStrings(only)[0] === only) return only;
  return strings.map(quoteTxt).join(' ');
}

/** `<zone>.` → `@`, `www.<zone>.` → `www`; undefined when outside the zone. */
function hostOf(absoluteName: string, zone: string): string | undefined {
  const name = absoluteName.toLowerCase().replace(/\.$/, '');
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : undefined;
}

export function parseZoneFile(text: string, zone: string): ZoneFileResult {
  const result: ZoneFileResult = { records: [], skipped: [], errors: [] };
  let origin = `${zone}.`;
  let defaultTtl: number = DNS_LIMITS.ttlDefault;
  let lastOwner = origin;
  const absolute = (name: string) =>
    name === '@' ? origin : name.endsWith('.') ? name : `${name}.${origin === '.' ? '' : origin}`;

  for (const { line, text: logical, ownerOmitted } of logicalLines(text)) {
    const parts = fields(logical);
    const directive = parts[0]?.toUpperCase();
    if (directive === '$ORIGIN') {
      origin = absolute(parts[1] ?? origin);
      continue;
    }
    if (directive === '$TTL') {
      defaultTtl = Number.parseInt(parts[1] ?? '', 10) || defaultTtl;
      continue;
    }
    if (directive?.startsWith('$')) {
      result.skipped.push({ line, reason: `${parts[0]} is not supported` });
      continue;
    }
    let owner = lastOwner;
    if (!ownerOmitted) owner = absolute(parts.shift()!);
    lastOwner = owner;
    let ttl = defaultTtl;
    // TTL and class come in either order before the type.
    while (parts.length && (/^\d+$/.test(parts[0]!) || CLASSES.has(parts[0]!.toUpperCase()))) {
      const field = parts.shift()!;
      if (/^\d+$/.test(field)) ttl = Number(field);
    }
    const type = parts.shift()?.toUpperCase();
    if (!type) {
      result.errors.push({ line, reason: 'no record type' });
      continue;
    }
    const host = hostOf(owner, zone);
    if (host === undefined) {
      result.errors.push({ line, reason: `${owner} is outside ${zone}` });
      continue;
    }
    if (type === 'SOA' || (type === 'NS' && host === '@')) {
      result.skipped.push({ line, reason: `${type} of the zone itself is managed by the platform` });
      continue;
    }
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(type)) {
      result.skipped.push({ line, reason: `${type} records are not hosted` });
      continue;
    }
    const target = (name: string | undefined) => (name ? absolute(name).replace(/\.$/, '') : '');
    const record = {
      line,
      hostRecord: host,
      recordType: type as DnsRecordType,
      ttl,
      priority: null as number | null,
    };
    switch (type) {
      case 'MX':
        result.records.push({ ...record, priority: Number(parts[0]), recordValue: target(parts[1]) });
        break;
      case 'SRV':
        result.records.push({
          ...record,
          priority: Number(parts[0]),
          recordValue: `${parts[1]} ${parts[2]} ${parts[3] === '.' ? '.' : target(parts[3])}`,
        });
        break;
      case 'CNAME':
      case 'NS':
        result.records.push({ ...record, recordValue: target(parts[0]) });
        break;
      case 'TXT':
        result.records.push({ ...record, recordValue: txtValue(parts) });
        break;
      default:
        result.records.push({ ...record, recordValue: parts.join(' ') });
    }
  }
  return result;
}

/** The zone as a BIND file: the platform's SOA and NS are PowerDNS's, so only records are written. */
export function renderZoneFile(
  zone: string,
  records: readonly {
    host: string;
    type: DnsRecordType;
    line: DnsLine;
    value: string;
    ttl: number;
    priority: number | null;
    enabled: boolean;
  }[],
  exportedAt: Date,
): string {
  const lines = [
    `; ${zone}, exported by Nimbus ${exportedAt.toISOString()}`,
    '; SOA and the NS records of the zone itself are served by the platform.',
    '; A zone file has no lines: records of lines other than the default are written as comments.',
    `$ORIGIN ${zone}.`,
    '',
  ];
  for (const record of [...records].sort(
    (a, b) => a.host.localeCompare(b.host) || a.type.localeCompare(b.type),
  )) {
    const row = `${record.host}\t${record.ttl}\tIN\t${record.type}\t${contentOf(record)}`;
    if (record.line !== 'default')
      lines.push(`; line ${record.line}${record.enabled ? '' : ', paused'}: ${row}`);
    else lines.push(record.enabled ? row : `; paused: ${row}`);
  }
  return `${lines.join('\n')}\n`;
}
