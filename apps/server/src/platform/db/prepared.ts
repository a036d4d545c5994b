import type { DbOrTx } from './database';

/**
 * Statements of a hot path, prepared once per database handle and then run with other values
 * only: drizzle builds the SQL text once, and PostgreSQL parses it once per connection (a named
 * statement) instead of on every request. `shapeOf` names the SQL text an input needs (say,
 * which filters are present; never a value), and the shapes must be few: each connection keeps
 * every statement it has run.
 */
export function statementCache<I, S>(
  prefix: string,
  shapeOf: (input: I) => string,
  prepare: (db: DbOrTx, name: string, input: I) => S,
) {
  const byDb = new WeakMap<DbOrTx, Map<string, S>>();
  return (db: DbOrTx, input: I): S => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    const shape = shapeOf(input);
    let statement = statements.get(shape);
    if (!statement) statements.set(shape, (statement = prepare(db, `${prefix}:${shape}`, input)));
    return statement;
  };
}
