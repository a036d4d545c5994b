import { describe, expect, it } from 'vitest';
import { point } from '@/features/traffic/lib/test-fixtures';
import { CSV_COLUMNS, csvCell, trafficCsv } from '@/features/traffic/lib/traffic-csv';

const HEADERS = Object.fromEntries(CSV_COLUMNS.map((c) => [c, c])) as Record<
  (typeof CSV_COLUMNS)[number],
  string
>;

describe('traffic CSV', () => {
  it('quotes cells with commas, quotes or line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(12)).toBe('12');
  });

  it('starts with a BOM, has the headers given and one row per point in plain numbers', () => {
    const text = trafficCsv(
      [
        point(0, { requests: 4, bytesOut: 750_000, hits: 3, misses: 1, s2xx: 3, s4xx: 1, originBytes: 10 }),
        point(300_000),
      ],
      '5m',
      { ...HEADERS, time: '时间', bandwidthBps: '带宽, bps' },
      (t) => `T${t}`,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      '时间,"带宽, bps",bytesOut,requests,hitRatio,s2xx,s3xx,s4xx,s5xx,originBytes',
      'T0,20000,750000,4,75.00,3,0,1,0,10',
      'T300000,0,0,0,,0,0,0,0,0',
      '',
    ]);
  });
});
