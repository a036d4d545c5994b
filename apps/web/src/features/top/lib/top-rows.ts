import type { TopList, TopOrder } from '@nimbus/contract';

export interface RankedRow {
  rank: number;
  key: string;
  requests: number;
  bytes: number;
  /** Percent of the range's total of the order's measure (requests or bytes), one decimal. */
  share: number;
}

/**
 * The list as the table shows it: ranked in the order asked for, each row's share of the
 * range's total (not of the rows shown: the long tail is outside them).
 */
export function rankedRows(list: TopList, by: TopOrder): RankedRow[] {
  const total = by === 'requests' ? list.totalRequests : list.totalBytes;
  return list.rows.map((row, i) => {
    const value = by === 'requests' ? row.requests : row.bytes;
    return {
      rank: i + 1,
      key: row.key,
      requests: row.requests,
      bytes: row.bytes,
      share: total > 0 ? Math.round((value / total) * 1000) / 10 : 0,
    };
  });
}
