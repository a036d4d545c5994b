import type { Page } from '@nimbus/contract';
import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/**
 * The number of rows matching `where`, as a column of the page's own query: PostgreSQL runs the
 * uncorrelated subquery once (an InitPlan), and the list costs one round trip instead of two.
 */
export function totalColumn(db: DbOrTx, table: PgTable, where: SQL | undefined): SQL<number> {
  const matching: SQLWrapper = db.select({ n: count() }).from(table).where(where);
  return sql<number>`(${matching})`.mapWith(Number);
}

/** Totals kept between requests, by a key naming the customer and the whole filter. */
export interface ListTotals {
  get(key: string, count: () => Promise<number>): Promise<number | undefined>;
}

/**
 * The total carried by the page's rows; a page past the end has no row to carry it, and only
 * then is it counted on its own.
 */
export async function totalOf(
  rows: readonly { total: number }[],
  countAlone: () => Promise<{ n: number }[]>,
): Promise<number> {
  if (rows[0]) return rows[0].total;
  const [row] = await countAlone();
  return row?.n ?? 0;
}

/** The contract's page of a list call: these rows, of `total`, at the request's page and size. */
export function pageOf<T>(list: T[], total: number, paging: { page: number; limit: number }): Page<T> {
  return { list, totalCount: total, pageSize: paging.limit, currPage: paging.page };
}
