import type { StreamTopList, StreamTopOrder } from '@nimbus/contract';

export interface RankedSessionRow {
  rank: number;
  key: string;
  name: string;
  sessions: number;
  bytesIn: number;
  bytesOut: number;
  /** Percent of the range's total sessions or bytes (both directions), one decimal. */
  share: number;
}

/** The list as the table shows it: each row's share of the whole range, not of the rows shown. */
export function rankedSessionRows(list: StreamTopList, by: StreamTopOrder): RankedSessionRow[] {
  const total = by === 'sessions' ? list.totalSessions : list.totalBytes;
  return list.rows.map((row, i) => {
    const value = by === 'sessions' ? row.sessions : row.bytesIn + row.bytesOut;
    return { rank: i + 1, ...row, share: total > 0 ? Math.round((value / total) * 1000) / 10 : 0 };
  });
}
