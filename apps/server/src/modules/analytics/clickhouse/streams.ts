import { INTERVAL_SECONDS, type StreamPoint } from '@nimbus/contract';
import type pg from 'pg';
import type { AnalyticsStore, StreamScope } from '../analytics-store';
import type { ClickHouse } from './connection';
import { literal } from './literal';
import { nodeNames, RAW_INSTANT, rawWithin } from './queries';
import { slotOf } from './schema';
import { streamSessionRow, streamTopAnswer } from '../stream-rows';

/** Layer-4 sessions: no rollup, as in PostgreSQL (pg/pg-streams.ts); the raw rows are ordered by customer. */
function scoped(q: StreamScope): string[] {
  const filters = [`customer_id = ${literal(q.customerId)}`, rawWithin(q)];
  if (q.ruleId !== undefined) filters.push(`rule_id = ${literal(q.ruleId)}`);
  return filters;
}

export function clickhouseStreams(
  pool: pg.Pool,
  ch: ClickHouse,
): Pick<AnalyticsStore, 'streamSeries' | 'streamTop' | 'streamSessions'> {
  return {
    async streamSeries(q) {
      const found = await ch.rows(
        `SELECT toUInt32(${slotOf(INTERVAL_SECONDS[q.interval])}) AS t, count() AS sessions,
           sum(bytes_in) AS bytesIn, sum(bytes_out) AS bytesOut
         FROM stream_logs WHERE ${scoped(q).join(' AND ')} GROUP BY t ORDER BY t`,
      );
      return found.map((r): StreamPoint => ({
        t: Number(r.t) * 1000,
        sessions: Number(r.sessions),
        bytesIn: Number(r.bytesIn),
        bytesOut: Number(r.bytesOut),
      }));
    },

    async streamTop(q) {
      const where = scoped(q).join(' AND ');
      const key = q.dimension === 'rule' ? 'toString(rule_id)' : 'client_ip';
      const found = await ch.rows(
        `SELECT ${key} AS key, count() AS sessions, sum(bytes_in) AS bytesIn, sum(bytes_out) AS bytesOut
         FROM stream_logs WHERE ${where} GROUP BY key
         ORDER BY ${q.by === 'bytes' ? 'bytesIn + bytesOut' : 'sessions'} DESC, key LIMIT ${literal(q.limit)}`,
      );
      const [totals] = await ch.rows(
        `SELECT count() AS sessions, sum(bytes_in + bytes_out) AS bytes FROM stream_logs WHERE ${where}`,
      );
      return streamTopAnswer(found, totals);
    },

    async streamSessions(q, countCap) {
      const filters = scoped(q);
      if (q.clientIp) filters.push(`client_ip = ${literal(q.clientIp)}`);
      if (q.status !== undefined) filters.push(`status = ${literal(q.status)}`);
      const where = filters.join(' AND ');
      const [counted] = await ch.rows(
        `SELECT count() AS n FROM (SELECT 1 FROM stream_logs WHERE ${where} LIMIT ${literal(countCap)})`,
      );
      const page = await ch.rows(
        `SELECT ${RAW_INSTANT} AS instant, * FROM stream_logs WHERE ${where}
         ORDER BY instant DESC, client_port DESC LIMIT ${literal(q.offset)}, ${literal(q.limit)}`,
      );
      // The rule may be gone since (its sessions stay the customer's): name and port left blank.
      const [rules, nodes] = await Promise.all([
        pool
          .query<{ id: number; name: string; port: number }>(
            'SELECT id, name, listen_port AS port FROM stream_rules WHERE id = ANY($1)',
            [[...new Set(page.map((r) => Number(r.rule_id)))]],
          )
          .then(({ rows }) => new Map(rows.map((r) => [r.id, r]))),
        nodeNames(pool, page),
      ]);
      return {
        total: Number(counted?.n ?? 0),
        rows: page.map((r) => {
          const rule = rules.get(Number(r.rule_id));
          return streamSessionRow(r, {
            time: new Date(Number(r.instant)).toISOString(),
            ruleName: rule?.name ?? '',
            listenPort: rule?.port ?? 0,
            nodeName: nodes.get(Number(r.node_id)) ?? '',
          });
        }),
      };
    },
  };
}
