import type pg from 'pg';

const DAY = 86_400_000;
/** The raw tables partitioned by UTC day: site requests and layer-4 sessions. */
export type PartitionedTable = 'access_logs' | 'stream_logs';

/** `access_logs_20261127`: the partition of one UTC day. */
export function partitionName(dayStart: number, parent: PartitionedTable = 'access_logs'): string {
  return `${parent}_${new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '')}`;
}
export const utcDayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

/**
 * The raw rows' daily partitions: made when a batch first has a day's rows, dropped whole when the
 * day leaves the retention (never deleted row by row). The set of days made is this process's
 * memory only; a failed write forgets it (another process may have dropped a day).
 */
export function dailyPartitions(pool: pg.Pool, parent: PartitionedTable) {
  const dayOf = new RegExp(`^${parent}_(\\d{4})(\\d{2})(\\d{2})$`);
  const made = new Set<number>();
  return {
    async ensure(days: Iterable<number>): Promise<void> {
      for (const day of days) {
        if (made.has(day)) continue;
        const from = new Date(day).toISOString();
        const to = new Date(day + DAY).toISOString();
        try {
          await pool.query(
            `CREATE TABLE IF NOT EXISTS "${partitionName(day, parent)}" PARTITION OF "${parent}" FOR VALUES FROM ('${from}') TO ('${to}')`,
          );
        } catch (error) {
          // Two processes making the same day at once: the loser's IF NOT EXISTS still fails.
          const code = (error as { code?: string }).code;
          if (code !== '42P07' && code !== '23505') throw error;
        }
        made.add(day);
      }
    },
    forget(): void {
      made.clear();
    },
    /** Drops the partitions of days that end at or before `before`; answers their names. */
    async dropBefore(before: Date): Promise<string[]> {
      const { rows } = await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
        [parent],
      );
      const dropped: string[] = [];
      for (const { name } of rows) {
        const match = dayOf.exec(name);
        if (!match) continue;
        const dayStart = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
        if (dayStart + DAY > before.getTime()) continue;
        await pool.query(`DROP TABLE IF EXISTS "${name}"`);
        made.delete(dayStart);
        dropped.push(name);
      }
      return dropped;
    },
  };
}
export type DailyPartitions = ReturnType<typeof dailyPartitions>;
