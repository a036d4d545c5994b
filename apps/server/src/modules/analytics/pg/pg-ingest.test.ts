import { describe, expect, it } from 'vitest';
import { parseLogLine } from '../log-line';
import { copyLine } from './pg-ingest';

const row = (extra: object) => {
  const parsed = parseLogLine(
    JSON.stringify({ site: '7', time: '1764288000.250', status: '200', ip: '203.0.113.7', ...extra }),
  )!;
  return { ...parsed, nodeId: 3, customerId: 9, region: '广东', isp: '电信' };
};

describe('copyLine', () => {
  it('writes a plain line’s values as they are, one tab between columns', () => {
    const text = copyLine(5, row({ uri: '/a b', ua: 'curl/8' }));
    expect(text.endsWith('\n')).toBe(true);
    const columns = text.slice(0, -1).split('\t');
    expect(columns).toHaveLength(23);
    expect(columns.slice(0, 8)).toEqual([
      '5',
      '2025-11-28T00:00:00.250Z',
      '7',
      '9',
      '3',
      '203.0.113.7',
      '广东',
      '电信',
    ]);
    expect(columns[10]).toBe('/a b');
    expect(columns[16]).toBe('\\N'); // no upstream time
  });

  it('escapes what a client sent that COPY would read as a column or row end or an escape', () => {
    const parsed = row({ ua: 'a\tb\nc\\d', ref: 'x\ry' });
    expect(parsed.plain).toBe(false);
    const columns = copyLine(1, parsed).slice(0, -1).split('\t');
    expect(columns).toHaveLength(23);
    expect(columns[18]).toBe('x\\ry');
    expect(columns[19]).toBe('a\\tb\\nc\\\\d');
  });
});
