import type { Page, RequestLogRow, Site } from '@nimbus/contract';

export const logRow = (over: Partial<RequestLogRow> = {}): RequestLogRow => ({
  time: '2026-11-27T02:30:00.000Z',
  siteId: 7,
  domain: 'www.example.com',
  nodeName: 'edge-1',
  clientIp: '203.0.113.9',
  region: 'Hong Kong',
  isp: 'HKT',
  method: 'GET',
  host: 'www.example.com',
  uri: '/index.html',
  status: 200,
  bytesOut: 1234,
  bytesIn: 321,
  requestMs: 12,
  upstreamMs: null,
  cache: 'HIT',
  referer: '',
  userAgent: 'curl/8.5.0',
  scheme: 'https',
  protocol: 'HTTP/2.0',
  tls: 'TLSv1.3',
  ...over,
});

export const pageOf = <T>(list: T[], totalCount = list.length, pageSize = 20, currPage = 1): Page<T> => ({
  list,
  totalCount,
  pageSize,
  currPage,
});

export const site = (id: number, domain: string) => ({ id, domain }) as Site;
