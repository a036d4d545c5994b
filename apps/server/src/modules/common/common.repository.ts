import { EDGE_OFFLINE_AFTER_SECONDS, MESSAGE_TYPE, WORK_ORDER_STATUS } from '@nimbus/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { messages } from '../message/message.schema';
import { sysConfig } from '../config/config.schema';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';

const OPEN_WORK_ORDERS = [WORK_ORDER_STATUS.pending, WORK_ORDER_STATUS.processing, WORK_ORDER_STATUS.appeal];
const online = sql.raw(`interval '${EDGE_OFFLINE_AFTER_SECONDS} seconds'`);

/** The display time zone's offset as an SQL interval (a bound integer, never spliced text). */
const intervalOf = (offsetMinutes: number) => sql`make_interval(mins => ${Math.trunc(offsetMinutes)}::int)`;

/** Platform-wide reads for the common calls: counts, daily series, propagation. */
export function commonRepository(db: DbOrTx) {
  return {
    /** `offsetMinutes`: the display time zone, where "today" starts. */
    async index(offsetMinutes: number) {
      const offset = intervalOf(offsetMinutes);
      const result = await db.execute<Record<string, string>>(sql`
        select
          (select count(*) from customers) as customers,
          (select count(*) from customers where not enabled) as disabled_customers,
          (select count(*) from sites) as sites,
          (select count(*) from edge_nodes) as nodes,
          (select count(*) from edge_nodes where last_heartbeat_at > now() - ${online}) as online_nodes,
          (select count(*) from work_orders where status in (${sql.join(OPEN_WORK_ORDERS, sql`, `)})) as open_work_orders,
          (select count(*) from certificates
             where not_after > now() and not_after < now() + interval '30 days') as expiring_certificates,
          (select count(*) from audit_log
             where action = 'login.failed'
               and created_at >= ((date_trunc('day', (now() at time zone 'UTC') + ${offset}) - ${offset})
                 at time zone 'UTC')) as failed_logins_today`);
      return Object.fromEntries(Object.entries(result.rows[0]!).map(([k, v]) => [k, Number(v)]));
    },

    /** Rows per local day of the display time zone since `since`, of one table's creation time. */
    async perDay(
      table: 'customers' | 'sites' | 'work_orders' | 'logins',
      since: Date,
      offsetMinutes: number,
    ) {
      const offset = intervalOf(offsetMinutes);
      const source =
        table === 'logins'
          ? sql`audit_log where action = 'login.ok' and`
          : sql`${sql.identifier(table)} where`;
      const result = await db.execute<{ day: string; n: string }>(sql`
        select to_char((created_at at time zone 'UTC') + ${offset}, 'YYYY-MM-DD') as day, count(*) as n
        from ${source} created_at >= ${since.toISOString()}
        group by 1`);
      return new Map(result.rows.map((r) => [r.day, Number(r.n)]));
    },

    async confStatus() {
      return db
        .select({
          groupId: edgeGroups.id,
          name: edgeGroups.name,
          revision: edgeGroups.revision,
          nodes: count(edgeNodes.id),
          applied:
            sql<number>`count(${edgeNodes.id}) filter (where ${edgeNodes.appliedRevision} >= ${edgeGroups.revision})`.mapWith(
              Number,
            ),
          failed:
            sql<number>`count(${edgeNodes.id}) filter (where ${edgeNodes.failedVersion} > ${edgeNodes.appliedVersion})`.mapWith(
              Number,
            ),
          online:
            sql<number>`count(${edgeNodes.id}) filter (where ${edgeNodes.lastHeartbeatAt} > now() - ${online})`.mapWith(
              Number,
            ),
        })
        .from(edgeGroups)
        .leftJoin(edgeNodes, and(eq(edgeNodes.groupId, edgeGroups.id), eq(edgeNodes.enabled, true)))
        .groupBy(edgeGroups.id)
        .orderBy(asc(edgeGroups.id));
    },

    groupIds: async () => (await db.select({ id: edgeGroups.id }).from(edgeGroups)).map((r) => r.id),

    configRows: () => db.select().from(sysConfig).orderBy(asc(sysConfig.id)),

    async notices(paging: { page: number; limit: number }) {
      const where = and(
        eq(messages.type, MESSAGE_TYPE.announcement),
        eq(messages.status, 1),
        isNull(messages.customerId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: messages.id,
            title: messages.title,
            content: messages.content,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(where)
          .orderBy(desc(messages.id))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit),
        db.select({ n: count() }).from(messages).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** graphile-worker's queue by task: waiting, running, failed at least once. */
    async jobs() {
      const result = await db.execute<Record<string, string>>(sql`
        select task_identifier as task,
               count(*) filter (where locked_at is null) as waiting,
               count(*) filter (where locked_at is not null) as running,
               count(*) filter (where last_error is not null) as failed
        from graphile_worker.jobs group by task_identifier order by task_identifier`);
      return result.rows.map((r) => ({
        task: r.task!,
        waiting: Number(r.waiting),
        running: Number(r.running),
        failed: Number(r.failed),
      }));
    },
  };
}
