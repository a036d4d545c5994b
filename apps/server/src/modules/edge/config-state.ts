import type { EdgeItemKind, SiteConfigState } from '@nimbus/contract';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { qualified } from '../../platform/db/qualified';
import { edgeItemFailures, edgeNodes } from './edge.schema';

/**
 * How far a change (a row's `revision`, ADR 0011) has reached the enabled nodes of its group,
 * computed by PostgreSQL for each listed row, so that a list costs one round trip and the
 * status filters and the shown state are the same rule:
 * - a node that left this item out of the version it runs (ADR 0031) has failed it, with
 *   nginx's error about this item alone, unless a newer change of it is still on its way;
 * - a node serves the change once it applied a bundle of that revision or newer;
 * - a node whose newest attempt was refused whole has failed it too, but its error is about the
 *   whole node (other tenants' names, the node's paths): an owner gets '' for it, and the web
 *   says that the administrators see why;
 * - any other node is still pending.
 */
export interface Revisioned {
  id: Column;
  nodeGroupId: Column;
  revision: Column;
}

const n = sql.raw('n');
const f = sql.raw('f');
const applied = (row: Revisioned) =>
  sql`${n}.applied_revision >= ${qualified(row.revision)} and ${f}.node_id is null`;
const itemFailed = (row: Revisioned) =>
  sql`${f}.node_id is not null and ${n}.applied_revision >= ${qualified(row.revision)}`;
const wholeFailed = (row: Revisioned) =>
  sql`${n}.applied_revision < ${qualified(row.revision)} and ${n}.failed_version > ${n}.applied_version`;
const failed = (row: Revisioned) => sql`((${itemFailed(row)}) or (${wholeFailed(row)}))`;
const groupNodes = (row: Revisioned, kind: EdgeItemKind) =>
  sql`from ${edgeNodes} ${n} left join ${edgeItemFailures} ${f}
    on ${f}.node_id = ${n}.id and ${f}.kind = ${kind} and ${f}.item_id = ${qualified(row.id)}
    where ${n}.group_id = ${qualified(row.nodeGroupId)} and ${n}.enabled`;
const nodesWhere = (row: Revisioned, kind: EdgeItemKind, predicate: SQL) =>
  sql`(select count(*) ${groupNodes(row, kind)} and ${predicate})`;

/** The row's state as the contract's SiteConfigState, as one json column. */
export function configStateColumn(row: Revisioned, kind: EdgeItemKind): SQL<SiteConfigState> {
  return sql<SiteConfigState>`(select json_build_object(
      'total', count(*),
      'applied', count(*) filter (where ${applied(row)}),
      'failed', count(*) filter (where ${failed(row)}),
      'pending', count(*) filter (where not (${applied(row)}) and not ${failed(row)}),
      'failures', coalesce(json_agg(json_build_object('node', ${n}.name,
        'error', case when ${itemFailed(row)} then ${f}.error else '' end)
        order by ${n}.id) filter (where ${failed(row)}), '[]'))
    ${groupNodes(row, kind)})`;
}

/** List filters on that state. */
export function configStateFilters(
  row: Revisioned,
  kind: EdgeItemKind,
): Record<'applied' | 'pending' | 'failed', SQL> {
  const total = nodesWhere(row, kind, sql`true`);
  const appliedCount = nodesWhere(row, kind, applied(row));
  const failedCount = nodesWhere(row, kind, failed(row));
  return {
    applied: sql`${appliedCount} = ${total} and ${total} > 0`,
    failed: sql`${failedCount} > 0`,
    pending: sql`${appliedCount} < ${total} and ${failedCount} = 0`,
  };
}
