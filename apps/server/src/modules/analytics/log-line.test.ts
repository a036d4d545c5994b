import { describe, expect, it } from 'vitest';
import { parseLogLine } from './log-line';

const line = (extra: object = {}) =>
  JSON.stringify({
    site: '7',
    time: '1764288000.250',
    ip: '203.0.113.7',
    method: 'GET',
    host: 'a.test',
    uri: '/x?y=1',
    status: '206',
    out: '1200',
    in: '310',
    rt: '0.125',
    ut: '0.050, 0.020 : 0.005',
    ob: '800, 400',
    cache: 'hit',
    ref: 'https://r.test/',
    ua: 'curl/8',
    scheme: 'https',
    proto: 'HTTP/2.0',
    tls: 'TLSv1.3',
    ...extra,
  });

describe('parseLogLine', () => {
  it('reads nginx’s line: numbers, sums of every upstream tried, the cache status', () => {
    expect(parseLogLine(line())).toMatchObject({
      at: new Date(1764288000250),
      siteId: 7,
      status: 206,
      bytesOut: 1200,
      bytesIn: 310,
      originBytes: 1200,
      requestMs: 125,
      upstreamMs: 75,
      cache: 'HIT',
    });
  });

  it('keeps a request the edge answered itself: no upstream time, cache NONE', () => {
    expect(parseLogLine(line({ ut: '', ob: '', cache: '' }))).toMatchObject({
      upstreamMs: null,
      originBytes: 0,
      cache: 'NONE',
    });
  });

  it('skips what is not a site request line', () => {
    expect(parseLogLine('{"site":"7", "time"')).toBeNull();
    expect(parseLogLine(line({ site: '' }))).toBeNull();
    expect(parseLogLine(line({ status: 'abc' }))).toBeNull();
    expect(parseLogLine('null')).toBeNull();
  });

  it('cuts a client’s long header and removes NUL, which PostgreSQL text cannot hold', () => {
    const parsed = parseLogLine(line({ ua: `a\u0000b${'x'.repeat(5000)}` }))!;
    expect(parsed.userAgent.startsWith('abx')).toBe(true);
    expect(parsed.userAgent.length).toBeLessThanOrEqual(2048);
  });
});
