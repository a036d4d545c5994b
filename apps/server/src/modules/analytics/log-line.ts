import { CACHE_STATUSES, type AccessLogLine } from '@nimbus/contract';

/** One site request as stored (the raw row of `access_logs`, before region and ISP are added). */
export interface LoggedRequest {
  at: Date;
  siteId: number;
  clientIp: string;
  method: string;
  host: string;
  uri: string;
  status: number;
  bytesOut: number;
  bytesIn: number;
  /** Bytes read from origins (the sum when nginx tried several). */
  originBytes: number;
  requestMs: number;
  upstreamMs: number | null;
  cache: string;
  referer: string;
  userAgent: string;
  scheme: string;
  protocol: string;
  tls: string;
}

/** A request as stored: the line, whose node and customer it is, and where its client is. */
export interface StoredRequest extends LoggedRequest {
  nodeId: number;
  customerId: number;
  region: string;
  isp: string;
  /**
   * No value holds a backslash or a control character: its JSON line had no escape at all (JSON
   * cannot carry those unescaped). Most lines; they go to storage without escaping each value.
   */
  plain: boolean;
}

/** Longest text kept of the client-chosen fields: a 64 KB User-Agent is not worth storing. */
const MAX_TEXT = 2048;
// PostgreSQL text cannot hold NUL, which a client can put in a header (nginx writes it as \u0000).
const cut = (text: string) => {
  const kept = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  return kept.includes('\0') ? kept.replaceAll('\0', '') : kept;
};
const KNOWN_CACHE = new Set<string>(CACHE_STATUSES);

/** nginx lists one value per upstream tried ("0.012, 0.031" or "12 : 40" after an internal redirect). */
function sumOfList(value: string): number {
  if (!value.includes(',') && !value.includes(':')) return Number(value) > 0 ? Number(value) : 0;
  let sum = 0;
  for (const part of value.split(/[,:]/)) {
    const n = Number(part.trim());
    if (Number.isFinite(n) && n > 0) sum += n;
  }
  return sum;
}

const wholeNumber = (value: string): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * One line nginx wrote (contract ACCESS_LOG_FIELDS, every value a JSON string), or null when it
 * is not one: a node is trusted to send its own lines, but a truncated or garbled line is
 * skipped, never a reason to refuse the whole batch. The row comes with its node, customer and
 * place empty: the batch fills them in (one object shape per row, written in place; a copy per
 * row cost more than the parse at tens of thousands of lines a second).
 */
export function parseLogLine(line: string): StoredRequest | null {
  let raw: Partial<AccessLogLine>;
  try {
    raw = JSON.parse(line) as Partial<AccessLogLine>;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const siteId = wholeNumber(raw.site ?? '');
  const status = wholeNumber(raw.status ?? '');
  const seconds = Number(raw.time);
  if (!siteId || status === null || status > 999 || !(seconds > 0)) return null;
  const plain = !line.includes('\\');
  const text = (value: string | undefined) =>
    typeof value !== 'string' ? '' : plain && value.length <= MAX_TEXT ? value : cut(value);
  const upstream = text(raw.ut);
  const cache = text(raw.cache).toUpperCase();
  return {
    at: new Date(Math.round(seconds * 1000)),
    siteId,
    clientIp: text(raw.ip),
    method: text(raw.method),
    host: text(raw.host),
    uri: text(raw.uri),
    status,
    bytesOut: wholeNumber(raw.out ?? '') ?? 0,
    bytesIn: wholeNumber(raw.in ?? '') ?? 0,
    originBytes: Math.round(sumOfList(text(raw.ob))),
    requestMs: Math.round((Number(raw.rt) || 0) * 1000),
    upstreamMs: upstream === '' || upstream === '-' ? null : Math.round(sumOfList(upstream) * 1000),
    cache: KNOWN_CACHE.has(cache) ? cache : 'NONE',
    referer: text(raw.ref),
    userAgent: text(raw.ua),
    scheme: text(raw.scheme),
    protocol: text(raw.proto),
    tls: text(raw.tls),
    nodeId: 0,
    customerId: 0,
    region: '',
    isp: '',
    plain,
  };
}
