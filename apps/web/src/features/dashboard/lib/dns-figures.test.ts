import { describe, expect, it } from 'vitest';
import { formatLatency, hitRate, keyCounters, recordTypeRows, uptimeUnits } from './dns-figures';

describe('recordTypeRows', () => {
  it('puts the most used types first, ties by name, and leaves zeros out', () => {
    expect(recordTypeRows({ TXT: 1, A: 4, SOA: 1, MX: 0, CNAME: 2 })).toEqual([
      { type: 'A', count: 4, share: 1 },
      { type: 'CNAME', count: 2, share: 0.5 },
      { type: 'SOA', count: 1, share: 0.25 },
      { type: 'TXT', count: 1, share: 0.25 },
    ]);
  });

  it('is empty without records', () => {
    expect(recordTypeRows({})).toEqual([]);
    expect(recordTypeRows({ A: 0 })).toEqual([]);
  });
});

describe('uptimeUnits', () => {
  it('gives the two largest units, skipping a zero second one', () => {
    expect(uptimeUnits(93_784)).toEqual([
      ['day', 1],
      ['hour', 2],
    ]);
    expect(uptimeUnits(86_400 + 59)).toEqual([['day', 1]]);
    expect(uptimeUnits(3_600 * 5 + 60 * 7 + 9)).toEqual([
      ['hour', 5],
      ['minute', 7],
    ]);
    expect(uptimeUnits(125)).toEqual([['minute', 2]]);
  });

  it('counts seconds under a minute', () => {
    expect(uptimeUnits(0)).toEqual([['second', 0]]);
    expect(uptimeUnits(42.9)).toEqual([['second', 42]]);
  });
});

describe('formatLatency and hitRate', () => {
  it('shows microseconds under a millisecond, milliseconds above', () => {
    expect(formatLatency(850)).toBe('850 µs');
    expect(formatLatency(1_234)).toBe('1.2 ms');
    expect(formatLatency(250_000)).toBe('250 ms');
  });

  it('has no rate before the first lookup', () => {
    expect(hitRate(0, 0)).toBeNull();
    expect(hitRate(934, 66)).toBe('93.4%');
    expect(hitRate(5, 0)).toBe('100%');
    expect(hitRate(0, 5)).toBe('0%');
  });
});

describe('keyCounters', () => {
  it("reads the authoritative server's queries, cache rates, failures and latency", () => {
    expect(
      keyCounters('authoritative', {
        'udp-queries': 90,
        'tcp-queries': 10,
        'packetcache-hit': 60,
        'packetcache-miss': 40,
        'query-cache-hit': 0,
        'query-cache-miss': 0,
        'servfail-packets': 2,
        latency: 120,
        uptime: 50,
      }),
    ).toEqual([
      { key: 'queries', kind: 'count', value: 100 },
      { key: 'packetCacheHitRate', kind: 'rate', value: '60.0%' },
      { key: 'queryCacheHitRate', kind: 'rate', value: null },
      { key: 'servfail', kind: 'count', value: 2 },
      { key: 'latency', kind: 'latency', value: '120 µs' },
    ]);
  });

  it("reads the recursor's own names and leaves out what it did not report", () => {
    expect(
      keyCounters('recursor', {
        questions: 7,
        'cache-hits': 3,
        'cache-misses': 1,
        'unauthorized-udp': 4,
        'unauthorized-tcp': 1,
      }),
    ).toEqual([
      { key: 'questions', kind: 'count', value: 7 },
      { key: 'cacheHitRate', kind: 'rate', value: '75.0%' },
      { key: 'refused', kind: 'count', value: 5 },
    ]);
    expect(keyCounters('recursor', {})).toEqual([]);
  });
});
