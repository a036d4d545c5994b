import type { SiteConfigState } from '@nimbus/contract';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { qualified } from '../../platform/db/qualified';
import { edgeNodes } from './edge.schema';

/**
 * How far a change (a row's `revision`, ADR 0011) has reached the enabled nodes of its group,
 * computed by PostgreSQL for each listed row, so that a list costs one round trip and the
 * status filters and the shown state are the same rule:
 * - a node serves the change once it applied a bundle of that revision or newer;
 * - a node whose newest attempt was refused has failed it (the whole bundle was refused, this
 *   change with it);
 * - any other node is still pending.
 */
export interface Revisioned {
  nodeGroupId: Column;
  revision: Column;
}

const n = sql.raw('n');
const applied = (row: Revisioned) => sql`${n}.applied_revision >= ${qualified(row.revision)}`;
const failed = (row: Revisioned) =>
  sql`${n}.applied_revision < ${qualified(row.revision)} and ${n}.failed_version > ${n}.applied_version`;
const groupNodes = (row: Revisioned) =>
  sql`from ${edgeNodes} ${n} where ${n}.group_id = ${qualified(row.nodeGroupId)} and ${n}.enabled`;
const nodesWhere = (row: Revisioned, predicate: SQL) =>
  sql`(select count(*) ${groupNodes(row)} and ${predicate})`;

/** The row's state as the contract's SiteConfigState, as one json column. */
export function configStateColumn(row: Revisioned): SQL<SiteConfigState> {
  return sql<SiteConfigState>`(select json_build_object(
      'total', count(*),
      'applied', count(*) filter (where ${applied(row)}),
      'failed', count(*) filter (where ${failed(row)}),
      'pending', count(*) filter (where not (${applied(row)}) and not (${failed(row)})),
      'failures', coalesce(json_agg(json_build_object('node', ${n}.name, 'error', ${n}.last_error)
        order by ${n}.id) filter (where ${failed(row)}), '[]'))
    ${groupNodes(row)})`;
}

/** List filters on that state. */
export function configStateFilters(row: Revisioned): Record<'applied' | 'pending' | 'failed', SQL> {
  const total = nodesWhere(row, sql`true`);
  const appliedCount = nodesWhere(row, applied(row));
  const failedCount = nodesWhere(row, failed(row));
  return {
    applied: sql`${appliedCount} = ${total} and ${total} > 0`,
    failed: sql`${failedCount} > 0`,
    pending: sql`${appliedCount} < ${total} and ${failedCount} = 0`,
  };
}
