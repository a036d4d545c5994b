import { describe, expect, it } from 'vitest';
import {
  parseSegment,
  parseSegmentLines,
  parseUpstream,
  recursiveDeleteRequestSchema,
  recursiveSaveRequestSchema,
  segmentToCidrs,
  segmentsOverlap,
  type IpSegment,
} from './recursive-dns';

const segment = (line: string) => parseSegment(line) as IpSegment;

describe('IP segments', () => {
  it('reads the spec start-end IPv4 lines, CIDR blocks, IPv6 ranges and single addresses', () => {
    expect(segment('10.0.0.1 - 10.0.0.9')).toMatchObject({
      family: 4,
      startIp: '10.0.0.1',
      endIp: '10.0.0.9',
    });
    expect(segment('192.168.1.77/24')).toMatchObject({
      startIp: '192.168.1.0',
      endIp: '192.168.1.255',
      text: '192.168.1.0/24',
    });
    expect(segment('2001:db8::/32')).toMatchObject({
      family: 6,
      startIp: '2001:db8::',
      endIp: '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
    });
    expect(segment('::1-::5')).toMatchObject({ family: 6, text: '::1-::5' });
    expect(segment('8.8.8.8')).toMatchObject({ start: segment('8.8.8.8').end, text: '8.8.8.8' });
  });

  it('refuses what is not a segment, and a start above its end', () => {
    for (const bad of ['10.0.0.1-', '10.0.0.256-10.0.0.3', '1.2.3.4-::1', '1.2.3.4/33', 'abc', '1-2-3'])
      expect(parseSegment(bad)).toBe('format');
    expect(parseSegment('10.0.0.9-10.0.0.1')).toBe('order');
  });

  it('splits a range into the fewest CIDR blocks', () => {
    expect(segmentToCidrs(segment('10.0.0.0-10.0.0.255'))).toEqual(['10.0.0.0/24']);
    expect(segmentToCidrs(segment('10.0.0.1-10.0.0.6'))).toEqual([
      '10.0.0.1/32',
      '10.0.0.2/31',
      '10.0.0.4/31',
      '10.0.0.6/32',
    ]);
    expect(segmentToCidrs(segment('0.0.0.0-255.255.255.255'))).toEqual(['0.0.0.0/0']);
    expect(segmentToCidrs(segment('::/0'))).toEqual(['::/0']);
    expect(segmentToCidrs(segment('127.53.0.0/16'))).toEqual(['127.53.0.0/16']);
  });

  it('finds overlaps within one family only', () => {
    expect(segmentsOverlap(segment('10.0.0.0/24'), segment('10.0.0.255-10.0.1.3'))).toBe(true);
    expect(segmentsOverlap(segment('10.0.0.0/24'), segment('10.0.1.0-10.0.1.3'))).toBe(false);
    expect(segmentsOverlap(segment('0.0.0.0/0'), segment('::/0'))).toBe(false);
    expect(parseSegmentLines('10.0.0.1-10.0.0.5\n\n10.0.0.5-10.0.0.9')).toEqual({
      ok: false,
      line: 3,
      value: '10.0.0.5-10.0.0.9',
      reason: 'overlap',
    });
    expect(parseSegmentLines('  \n')).toMatchObject({ ok: false, reason: 'required' });
  });

  it('reads upstream servers with and without a port', () => {
    expect(parseUpstream('192.0.2.1')).toEqual({ ip: '192.0.2.1', port: 53 });
    expect(parseUpstream('192.0.2.1:5300')).toEqual({ ip: '192.0.2.1', port: 5300 });
    expect(parseUpstream('[2001:db8::1]:53')).toEqual({ ip: '2001:db8::1', port: 53 });
    expect(parseUpstream('2001:db8::1')).toEqual({ ip: '2001:db8::1', port: 53 });
    expect(parseUpstream('192.0.2.1:70000')).toBeNull();
    expect(parseUpstream('example.com')).toBeNull();
  });
});

describe('save requests', () => {
  const issue = (body: unknown) => {
    const result = recursiveSaveRequestSchema.safeParse(body);
    return result.success ? undefined : result.error.issues[0];
  };

  it('a segment needs its lines and a remark; the spec pair is one line', () => {
    expect(issue({ mode: 2, segments: '10.0.0.9-10.0.0.1', remark: 'x' })).toMatchObject({
      path: ['segments'],
      message: 'recursive.segmentOrder',
    });
    expect(issue({ mode: 2, segments: '10.0.0.1-10.0.0.9', remark: ' ' })).toMatchObject({
      path: ['remark'],
      message: 'validation.required',
    });
    expect(issue({ mode: 2, sourceIpS: '10.0.0.1', sourceIpE: 'x', remark: 'r' })).toMatchObject({
      path: ['sourceIpS'],
      message: 'recursive.segmentFormat',
    });
    const parsed = recursiveSaveRequestSchema.parse({
      mode: 2,
      sourceIpS: '10.0.0.1',
      sourceIpE: '10.0.0.9',
      remark: 'r',
    });
    expect(parsed).toMatchObject({
      mode: 2,
      type: 1,
      remark: 'r',
      segments: [{ startIp: '10.0.0.1', endIp: '10.0.0.9' }],
    });
  });

  it('"all" is every IPv4 and IPv6 address, whatever lines were sent', () => {
    const parsed = recursiveSaveRequestSchema.parse({
      mode: 2,
      type: 2,
      segments: 'junk',
      remark: 'All IP segments',
    });
    expect(parsed.mode === 2 && parsed.segments.map((s) => s.text)).toEqual([
      '0.0.0.0-255.255.255.255',
      '::/0',
    ]);
  });

  it('a forward rule needs a domain and upstream servers', () => {
    expect(issue({ mode: 6, targetValue: 'not a domain', rootIps: '192.0.2.1', remark: 'r' })).toMatchObject({
      message: 'validation.domain',
    });
    expect(
      issue({ mode: 6, targetValue: 'corp.example', rootIps: 'ns1.example', remark: 'r' }),
    ).toMatchObject({
      path: ['rootIps'],
      message: 'recursive.upstreamFormat',
    });
    expect(
      recursiveSaveRequestSchema.parse({
        mode: 6,
        targetValue: 'Corp.Example.',
        rootIps: '192.0.2.1\n[::1]:5300',
        remark: 'r',
      }),
    ).toMatchObject({
      targetValue: 'corp.example',
      rootIps: ['192.0.2.1:53', '[::1]:5300'],
      recursionDesired: true,
    });
  });

  it('mode 1 takes the switches and the root IPs', () => {
    expect(
      recursiveSaveRequestSchema.parse({
        mode: 1,
        recursive_enable: 0,
        rootIps: '198.41.0.4\n\n2001:503:ba3e::2:30',
      }),
    ).toEqual({ mode: 1, recursive_enable: 0, rootIps: ['198.41.0.4', '2001:503:ba3e::2:30'] });
    expect(issue({ mode: 1, recursive_enable: 3 })).toMatchObject({ path: ['recursive_enable'] });
    expect(issue({ mode: 1, rootIps: '198.41.0.4\n198.41.0.4' })).toMatchObject({
      message: 'validation.ipList',
    });
    expect(issue({ mode: 4 })).toMatchObject({ message: 'validation.invalid' });
  });

  it('delete takes the spec comma list or an array', () => {
    expect(recursiveDeleteRequestSchema.parse({ ids: '3, 1,3' })).toEqual({ ids: [3, 1] });
    expect(recursiveDeleteRequestSchema.parse({ ids: [2] })).toEqual({ ids: [2] });
    expect(recursiveDeleteRequestSchema.safeParse({ ids: '' }).success).toBe(false);
    expect(recursiveDeleteRequestSchema.safeParse({ ids: '1,x' }).success).toBe(false);
  });
});
