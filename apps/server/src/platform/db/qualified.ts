import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`, always. Drizzle writes a bare `"column"` in single-table selects, and in
 * a correlated subquery a bare name binds to the subquery's own table when it has a column of
 * that name (`where site_group_id = id` compares a site with itself).
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
