import { describe, expect, it } from 'vitest';
import { rankedRows } from '@/features/top/lib/top-rows';

const list = {
  rows: [
    { key: '/a', requests: 600, bytes: 1000 },
    { key: '/b', requests: 300, bytes: 3000 },
  ],
  totalRequests: 1200,
  totalBytes: 8000,
};

describe('ranked top rows', () => {
  it('ranks and gives each row its share of the range’s total of the chosen measure', () => {
    expect(rankedRows(list, 'requests')).toEqual([
      { rank: 1, key: '/a', requests: 600, bytes: 1000, share: 50 },
      { rank: 2, key: '/b', requests: 300, bytes: 3000, share: 25 },
    ]);
    expect(rankedRows(list, 'bytes').map((r) => r.share)).toEqual([12.5, 37.5]);
  });

  it('a range without traffic has no shares to divide', () => {
    expect(
      rankedRows({ rows: [{ key: 'x', requests: 0, bytes: 0 }], totalRequests: 0, totalBytes: 0 }, 'bytes'),
    ).toEqual([{ rank: 1, key: 'x', requests: 0, bytes: 0, share: 0 }]);
  });
});
