import type { DnsServerInfo } from '@nimbus/contract';

/** A record type and how many of the customer's records have it, with its share of the largest. */
export interface RecordTypeRow {
  type: string;
  count: number;
  /** 0–1 of the most frequent type, for the bar's length. */
  share: number;
}

/** The types the customer uses, most records first (then by name); zeros left out. */
export function recordTypeRows(byType: Readonly<Record<string, number>>): RecordTypeRow[] {
  const rows = Object.entries(byType)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const largest = rows[0]?.[1] ?? 0;
  return rows.map(([type, count]) => ({ type, count, share: largest > 0 ? count / largest : 0 }));
}

/** The two largest whole units of an uptime: 93,784 s → [['day', 1], ['hour', 2]]; under a minute, seconds. */
export function uptimeUnits(seconds: number): ['day' | 'hour' | 'minute' | 'second', number][] {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return [['second', whole]];
  const units: ['day' | 'hour' | 'minute', number][] = [
    ['day', Math.floor(whole / 86_400)],
    ['hour', Math.floor((whole % 86_400) / 3_600)],
    ['minute', Math.floor((whole % 3_600) / 60)],
  ];
  const first = units.findIndex(([, n]) => n > 0);
  return units.slice(first, first + 2).filter(([, n], index) => index === 0 || n > 0);
}

/** PowerDNS reports latency in microseconds: 850 → '850 µs', 1,234 → '1.2 ms'. */
export function formatLatency(microseconds: number): string {
  if (microseconds < 1_000) return `${Math.round(microseconds)} µs`;
  return `${(microseconds / 1_000).toFixed(microseconds < 100_000 ? 1 : 0)} ms`;
}

/** Hits over lookups as '93.4%'; null before the first lookup (the cache is off, or nothing was asked yet). */
export function hitRate(hits: number, misses: number): string | null {
  const lookups = hits + misses;
  if (lookups <= 0) return null;
  const percent = (hits / lookups) * 100;
  return `${percent === 100 || percent === 0 ? percent : percent.toFixed(1)}%`;
}

export type CounterFigure =
  | { key: string; kind: 'count'; value: number }
  | { key: string; kind: 'rate'; value: string | null }
  | { key: string; kind: 'latency'; value: string };

type Values = Readonly<Record<string, number>>;
const sum = (values: Values, ...names: string[]): number | undefined =>
  names.every((name) => Number.isFinite(values[name]))
    ? names.reduce((total, name) => total + values[name]!, 0)
    : undefined;

/**
 * The counters an operator reads first, from what each PowerDNS server reports since it started
 * (their names differ between the two servers). A counter the server did not report is left out
 * rather than shown as 0.
 */
export function keyCounters(kind: DnsServerInfo['kind'], values: Values): CounterFigure[] {
  const figures: (CounterFigure | undefined)[] = [];
  const count = (key: string, ...names: string[]) => {
    const value = sum(values, ...names);
    figures.push(value === undefined ? undefined : { key, kind: 'count', value });
  };
  const rate = (key: string, hits: string, misses: string) => {
    const both = sum(values, hits) !== undefined && sum(values, misses) !== undefined;
    figures.push(both ? { key, kind: 'rate', value: hitRate(values[hits]!, values[misses]!) } : undefined);
  };
  const latency = (key: string, name: string) => {
    const value = sum(values, name);
    figures.push(value === undefined ? undefined : { key, kind: 'latency', value: formatLatency(value) });
  };
  if (kind === 'authoritative') {
    count('queries', 'udp-queries', 'tcp-queries');
    rate('packetCacheHitRate', 'packetcache-hit', 'packetcache-miss');
    rate('queryCacheHitRate', 'query-cache-hit', 'query-cache-miss');
    count('servfail', 'servfail-packets');
    latency('latency', 'latency');
  } else {
    count('questions', 'questions');
    rate('cacheHitRate', 'cache-hits', 'cache-misses');
    rate('packetCacheHitRate', 'packetcache-hits', 'packetcache-misses');
    count('outQueries', 'all-outqueries');
    count('servfail', 'servfail-answers');
    count('refused', 'unauthorized-udp', 'unauthorized-tcp');
    latency('latency', 'qa-latency');
  }
  return figures.filter((figure) => figure !== undefined);
}
