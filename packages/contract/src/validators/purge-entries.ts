import { isHostname } from './domain';

/**
 * Spec §5 refresh rules, line by line: every entry starts with http(s)://; directories end
 * with `/`; wildcard domains are unsupported; duplicates are ignored (not an error). Whether a
 * domain belongs to the customer is the server's part.
 */
export type PurgeEntryKind = 'site' | 'url' | 'dir' | 'type' | 'preheat';

export interface PurgeEntry {
  /** The line as typed (trimmed). */
  raw: string;
  host: string;
  /** Path and query as sent to nginx (`/a/b?x=1`); for `type` the directory before `*.ext`. */
  path: string;
  /** `type` only: `.jpg`. */
  extension?: string;
}

export type PurgeEntryProblem = 'scheme' | 'format' | 'wildcard' | 'dirSlash' | 'typePattern';

export interface PurgeEntriesResult {
  entries: PurgeEntry[];
  duplicates: string[];
  /** First problem found, with its 1-based line, so the form can point at it. */
  problem?: { line: number; value: string; reason: PurgeEntryProblem };
}

const SCHEME = /^https?:\/\//i;
/** scheme, host (letters, digits, dots, hyphens, a leading `*.`), optional port, the rest. */
const URL_PARTS = /^https?:\/\/([^/?#:@]+)(?::(\d{1,5}))?([^#]*)$/i;
const TYPE_TAIL = /\*\.([a-z0-9]{1,16})$/i;

function parseEntry(kind: PurgeEntryKind, raw: string): PurgeEntry | PurgeEntryProblem {
  if (!SCHEME.test(raw)) return 'scheme';
  const parts = URL_PARTS.exec(raw);
  if (!parts) return 'format';
  const host = (parts[1] ?? '').toLowerCase();
  if (host.startsWith('*.')) return 'wildcard';
  if (!isHostname(host)) return 'format';
  // Keys hold the request URI as nginx saw it, so the path keeps the visitor's own spelling.
  const afterHost = parts[3] || '/';
  if (!afterHost.startsWith('/') || /\s/.test(afterHost)) return 'format';
  switch (kind) {
    case 'site':
      return afterHost === '/' ? { raw, host, path: '/' } : 'format';
    case 'dir':
      return afterHost.endsWith('/') && !afterHost.includes('?')
        ? { raw, host, path: afterHost }
        : 'dirSlash';
    case 'type': {
      const tail = TYPE_TAIL.exec(afterHost);
      if (!tail) return 'typePattern';
      const dir = afterHost.slice(0, afterHost.length - tail[0].length);
      if (!dir.endsWith('/')) return 'typePattern';
      return { raw, host, path: dir, extension: `.${(tail[1] ?? '').toLowerCase()}` };
    }
    default:
      return { raw, host, path: afterHost };
  }
}

export function parsePurgeEntries(kind: PurgeEntryKind, text: string): PurgeEntriesResult {
  const seen = new Set<string>();
  const entries: PurgeEntry[] = [];
  const duplicates: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    if (raw === '') continue;
    const parsed = parseEntry(kind, raw);
    if (typeof parsed === 'string')
      return { entries, duplicates, problem: { line: i + 1, value: raw, reason: parsed } };
    // http and https share one cached copy (see edgeCacheKey), so they are one entry here too.
    const identity = `${parsed.host}${parsed.path}${parsed.extension ?? ''}`;
    if (seen.has(identity)) {
      duplicates.push(raw);
      continue;
    }
    seen.add(identity);
    entries.push(parsed);
  }
  return { entries, duplicates };
}
