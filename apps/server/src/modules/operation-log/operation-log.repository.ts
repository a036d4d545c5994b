import { OPERATION_KINDS, type OperationKind } from '@nimbus/contract';
import { and, count, desc, eq, gte, ilike, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { auditLog } from '../../platform/audit/audit.schema';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { admins, customers } from '../account/account.schema';

export interface LogFilter {
  /** A customer's own log; admins pass none. */
  customerId?: number;
  kind?: OperationKind;
  startTime?: string;
  endTime?: string;
  success?: boolean;
  /** Admin: part of the acting account's username. */
  actor?: string;
  /** Admin: part of the username of the customer concerned. */
  customer?: string;
  /** Admin: part of the action's name. */
  action?: string;
}

const actorCustomer = alias(customers, 'actor_customer');
const actorAdmin = alias(admins, 'actor_admin');
const subject = alias(customers, 'subject');

/** LIKE on a literal prefix: `_` and `%` in action names are not wildcards. */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function kindCondition(kind: OperationKind): SQL {
  return or(
    ...OPERATION_KINDS[kind].map((name) =>
      name.endsWith('.') ? like(auditLog.action, startsWith(name)) : eq(auditLog.action, name),
    ),
  )!;
}

function conditions(filter: LogFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    filter.customerId === undefined ? undefined : eq(auditLog.customerId, filter.customerId),
    filter.kind ? kindCondition(filter.kind) : undefined,
    filter.startTime ? gte(auditLog.createdAt, new Date(filter.startTime)) : undefined,
    filter.endTime ? lte(auditLog.createdAt, new Date(filter.endTime)) : undefined,
    filter.success === undefined ? undefined : eq(auditLog.success, filter.success),
    filter.action ? ilike(auditLog.action, likeContains(filter.action)) : undefined,
    filter.customer ? ilike(subject.username, likeContains(filter.customer)) : undefined,
    filter.actor
      ? or(
          ilike(actorCustomer.username, likeContains(filter.actor)),
          ilike(actorAdmin.username, likeContains(filter.actor)),
        )
      : undefined,
  ];
  return and(...where);
}

const columns = {
  id: auditLog.id,
  action: auditLog.action,
  success: auditLog.success,
  ip: auditLog.ip,
  target: auditLog.target,
  detail: auditLog.detail,
  createdAt: auditLog.createdAt,
  actorKind: auditLog.actorKind,
  actorId: auditLog.actorId,
  actorName: sql<string | null>`coalesce(${actorCustomer.username}, ${actorAdmin.username})`,
  customerName: subject.username,
};

/** The names beside each row: the acting account and the customer concerned. */
function withNames<T extends PgSelect>(query: T) {
  return query
    .leftJoin(actorCustomer, and(eq(auditLog.actorKind, 'customer'), eq(actorCustomer.id, auditLog.actorId)))
    .leftJoin(actorAdmin, and(eq(auditLog.actorKind, 'admin'), eq(actorAdmin.id, auditLog.actorId)))
    .leftJoin(subject, eq(subject.id, auditLog.customerId));
}

export function operationLogRepository(db: DbOrTx) {
  return {
    /** Newest first. */
    async page(filter: LogFilter, paging: { offset: number; limit: number }) {
      const where = conditions(filter);
      const [rows, [total]] = await Promise.all([
        withNames(db.select(columns).from(auditLog).$dynamic())
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(paging.limit)
          .offset(paging.offset),
        withNames(db.select({ n: count() }).from(auditLog).$dynamic()).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
