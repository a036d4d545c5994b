import { describe, expect, it } from 'vitest';
import { requestLogQuery } from '@/features/request-log/lib/filters';

const range = { from: Date.parse('2026-11-27T01:30:00Z'), to: Date.parse('2026-11-27T02:30:00Z') };

describe('request-log query', () => {
  it('sends only the filters that are set, trimmed', () => {
    expect(requestLogQuery({ range, clientIp: '  ', uriContains: '' }, 1, 20)).toEqual({
      siteIds: [],
      startTime: '2026-11-27T01:30:00.000Z',
      endTime: '2026-11-27T02:30:00.000Z',
      page: 1,
      limit: 20,
    });
    expect(
      requestLogQuery(
        { range, siteId: 7, status: 404, clientIp: ' 203.0.113.9 ', uriContains: ' /img ', cache: 'MISS' },
        3,
        50,
      ),
    ).toEqual({
      siteIds: [7],
      startTime: '2026-11-27T01:30:00.000Z',
      endTime: '2026-11-27T02:30:00.000Z',
      status: 404,
      clientIp: '203.0.113.9',
      uriContains: '/img',
      cache: 'MISS',
      page: 3,
      limit: 50,
    });
  });
});
