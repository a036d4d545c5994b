import type { Page, StreamRule, StreamSessionRow } from '@nimbus/contract';

export const rulePage = (): Page<StreamRule> => ({
  list: [
    { id: 7, name: 'ssh', protocol: 'tcp', listenPort: 2201 } as StreamRule,
    { id: 9, name: '', protocol: 'udp', listenPort: 5353 } as StreamRule,
  ],
  totalCount: 2,
  pageSize: 200,
  currPage: 1,
});

export const sessionRow = (over: Partial<StreamSessionRow> = {}): StreamSessionRow => ({
  time: '2026-11-27T02:30:00.000Z',
  ruleId: 7,
  ruleName: 'ssh',
  listenPort: 2201,
  nodeName: 'edge-1',
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
  ...over,
});
