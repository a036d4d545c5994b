import type pg from 'pg';

/** A table of Nimbus's own schema, with the columns a backup carries. */
export interface BackupTable {
  name: string;
  columns: string[];
}

/**
 * Every table of the public schema (Nimbus's data; the job queue and the migration log live in
 * schemas of their own), parents before children, so rows can be copied back in this order and
 * deleted in the reverse one without breaking a foreign key.
 */
export async function backupTables(client: pg.PoolClient): Promise<BackupTable[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select c.table_name as table, c.column_name as column
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const byName = new Map<string, string[]>();
  for (const { table, column } of columns) byName.set(table, [...(byName.get(table) ?? []), column]);
  const parentsOf = new Map<string, Set<string>>();
  for (const { child, parent } of links)
    if (child !== parent) parentsOf.set(child, (parentsOf.get(child) ?? new Set()).add(parent));

  const ordered: BackupTable[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parentsOf.get(name) ?? []) place(parent, path);
    placed.add(name);
    ordered.push({ name, columns: byName.get(name) ?? [] });
  };
  for (const name of [...byName.keys()].sort()) place(name, new Set());
  return ordered;
}

/** Each serial column's sequence set past the largest value restored, so new rows get fresh ids. */
export async function resetSequences(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `select table_name as table, column_name as column,
            pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  );
  for (const { table, column, sequence } of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
