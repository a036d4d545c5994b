import { describe, expect, it } from 'vitest';
import { parseStreamLogLine } from './stream-log-line';

const line = (over: Record<string, string> = {}) =>
  JSON.stringify({
    rule: '7',
    time: '1764290000.125',
    ip: '203.0.113.9',
    port: '51234',
    proto: 'TCP',
    st: '12.345',
    in: '5000',
    out: '12345',
    uin: '12345',
    uout: '5000',
    up: '10.0.0.3:22',
    status: '200',
    ...over,
  });

describe('parseStreamLogLine', () => {
  it('reads a session nginx wrote: rule, end time, client, bytes each way, upstream', () => {
    expect(parseStreamLogLine(line())).toEqual({
      at: new Date(1_764_290_000_125),
      ruleId: 7,
      clientIp: '203.0.113.9',
      clientPort: 51234,
      protocol: 'TCP',
      status: 200,
      sessionMs: 12_345,
      bytesIn: 5000,
      bytesOut: 12_345,
      upstreamBytesIn: 12_345,
      upstreamBytesOut: 5000,
      upstream: '10.0.0.3:22',
    });
  });

  it('sums the upstreams nginx tried, and keeps a session no upstream took (502)', () => {
    const retried = parseStreamLogLine(
      line({ uin: '0, 300', uout: '10, 20', up: '10.0.0.3:22, 10.0.0.4:22' }),
    );
    expect(retried).toMatchObject({
      upstreamBytesIn: 300,
      upstreamBytesOut: 30,
      upstream: '10.0.0.3:22, 10.0.0.4:22',
    });
    const refused = parseStreamLogLine(line({ status: '502', uin: '-', uout: '-', up: '-', out: '0' }));
    expect(refused).toMatchObject({
      status: 502,
      upstreamBytesIn: 0,
      upstreamBytesOut: 0,
      upstream: '',
      bytesOut: 0,
    });
  });

  it('skips what is not a session line', () => {
    for (const bad of [
      'not json',
      '"a string"',
      'null',
      line({ rule: '' }),
      line({ rule: '0' }),
      line({ rule: 'x' }),
      line({ rule: '99999999999' }),
      line({ status: '' }),
      line({ time: '-' }),
    ])
      expect(parseStreamLogLine(bad)).toBeNull();
  });

  it('takes odd numbers as zero rather than dropping the session', () => {
    expect(parseStreamLogLine(line({ in: '-', port: '', st: 'x' }))).toMatchObject({
      bytesIn: 0,
      clientPort: 0,
      sessionMs: 0,
    });
  });
});
