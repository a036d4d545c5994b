import type { AppContext } from '../context';
import type { DbTx } from './database';

/**
 * A transaction that writes rows of a table kept in process caches (ADR 0008, migration 0007).
 * Once it ends, this process's caches of the table forget what they hold, so the next request
 * reads the write; other processes hear the table's trigger a moment later.
 */
export async function writeTable<T>(
  ctx: Pick<AppContext, 'db' | 'changes'>,
  table: 'sys_config' | 'sites' | 'orders' | 'dns_records',
  work: (tx: DbTx) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } finally {
    ctx.changes.announce(table, 0);
  }
}
