import {
  CUSTOMER_DETAIL_KEYS,
  formatDateTime,
  isMessageKey,
  OPERATION_LOG_EXPORT_LIMIT,
  operationKindOf,
  translate,
  type AuditLogEntry,
  type AuditLogListQuery,
  type Lang,
  type OperationLogEntry,
  type OperationLogListQuery,
  type Page,
} from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { platformUtcOffset } from '../web-config/web-config.service';
import { toCsv } from './csv';
import { operationLogRepository, type LogFilter } from './operation-log.repository';
import { pageOf } from '../../platform/db/paging';

type Row = Awaited<ReturnType<ReturnType<typeof operationLogRepository>['page']>>['rows'][number];

/** What a customer reads of a row: never another account's name, nor an admin's. */
function toCustomerEntry(row: Row, customerId: number): OperationLogEntry {
  const detail = Object.fromEntries(
    Object.entries(row.detail).filter(([key]) => (CUSTOMER_DETAIL_KEYS as readonly string[]).includes(key)),
  );
  const self = row.actorKind === 'customer' && row.actorId === customerId;
  return {
    id: row.id,
    action: row.action,
    kind: operationKindOf(row.action),
    success: row.success,
    ip: row.ip,
    // `customer:<id>` names their own account: nothing to tell them.
    target: row.target?.startsWith('customer:') ? null : row.target,
    by:
      row.actorKind === 'anonymous'
        ? 'anonymous'
        : self && !row.detail.impersonatorAdminId
          ? 'self'
          : 'admin',
    detail,
    createtime: row.createdAt.toISOString(),
  };
}

function toAuditEntry(row: Row): AuditLogEntry {
  return {
    id: row.id,
    action: row.action,
    kind: operationKindOf(row.action),
    success: row.success,
    ip: row.ip,
    target: row.target,
    detail: row.detail,
    createtime: row.createdAt.toISOString(),
    actorKind: row.actorKind,
    actorName: row.actorName,
    customerName: row.customerName,
  };
}

const key = (prefix: string, name: string) => `${prefix}.${name.replace(/\./g, '_')}`;
/** The catalogue's name for an action, kind or reason; the raw name when it has none. */
function label(prefix: string, name: string, lang: Lang): string {
  const k = key(prefix, name);
  return isMessageKey(k) ? translate(k, lang) : name;
}

function detailText(detail: Record<string, unknown>, lang: Lang): string {
  return Object.entries(detail)
    .map(([name, value]) =>
      name === 'reason' && typeof value === 'string'
        ? label('operation.reason', value, lang)
        : `${name}: ${Array.isArray(value) ? value.join(' ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join('; ');
}

const filterOf = (query: OperationLogListQuery): LogFilter => ({
  kind: query.kind,
  startTime: query.startTime,
  endTime: query.endTime,
  success: query.success,
});

/**
 * The customer's operation log and the admins' audit log, with CSV exports in the reader's
 * language, times in the display time zone of web config as the consoles show them.
 */
export function operationLogService(ctx: Pick<AppContext, 'db'>) {
  const repo = operationLogRepository(ctx.db);
  const exportRows = (filter: LogFilter) =>
    repo.page(filter, { offset: 0, limit: OPERATION_LOG_EXPORT_LIMIT });
  const common = (row: Row, lang: Lang, offset: number) => ({
    time: formatDateTime(row.createdAt, offset),
    operation: label('operation.action', row.action, lang),
    kind: label('operation.kind', operationKindOf(row.action), lang),
    result: translate(row.success ? 'operation.result.ok' : 'operation.result.failed', lang),
  });

  return {
    async customerPage(customerId: number, query: OperationLogListQuery): Promise<Page<OperationLogEntry>> {
      const { rows, total } = await repo.page(
        { ...filterOf(query), customerId },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return pageOf(
        rows.map((row) => toCustomerEntry(row, customerId)),
        total,
        query,
      );
    },

    async adminPage(query: AuditLogListQuery): Promise<Page<AuditLogEntry>> {
      const { rows, total } = await repo.page(
        { ...filterOf(query), actor: query.actor, customer: query.customer, action: query.action },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return pageOf(rows.map(toAuditEntry), total, query);
    },

    async customerCsv(customerId: number, query: OperationLogListQuery, lang: Lang): Promise<string> {
      const { rows } = await exportRows({ ...filterOf(query), customerId });
      const offset = await platformUtcOffset(ctx.db);
      const head = ['time', 'operation', 'kind', 'result', 'by', 'ip', 'target', 'detail'] as const;
      return toCsv([
        head.map((name) => translate(`operation.csv.${name}`, lang)),
        ...rows.map((row) => {
          const entry = toCustomerEntry(row, customerId);
          const c = common(row, lang, offset);
          return [
            c.time,
            c.operation,
            c.kind,
            c.result,
            translate(`operation.by.${entry.by}`, lang),
            entry.ip,
            entry.target,
            detailText(entry.detail, lang),
          ];
        }),
      ]);
    },

    async adminCsv(query: AuditLogListQuery, lang: Lang): Promise<string> {
      const { rows } = await exportRows({
        ...filterOf(query),
        actor: query.actor,
        customer: query.customer,
        action: query.action,
      });
      const offset = await platformUtcOffset(ctx.db);
      const head = [
        'time',
        'operation',
        'kind',
        'result',
        'by',
        'customer',
        'ip',
        'target',
        'detail',
      ] as const;
      return toCsv([
        head.map((name) => translate(`operation.csv.${name}`, lang)),
        ...rows.map((row) => {
          const c = common(row, lang, offset);
          const by = row.actorName ? `${row.actorKind}:${row.actorName}` : row.actorKind;
          return [
            c.time,
            c.operation,
            c.kind,
            c.result,
            by,
            row.customerName,
            row.ip,
            row.target,
            detailText(row.detail, lang),
          ];
        }),
      ]);
    },
  };
}
