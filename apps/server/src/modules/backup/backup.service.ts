import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { BackupSummary } from '@nimbus/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import * as schema from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { badRequest } from '../../platform/http/app-error';
import { changeGroupConfig } from '../edge/config-revision';
import { edgeGroups } from '../edge/edge.schema';
import { DamagedBackupError, decodeBackup, encodeBackup, FORMAT, FORMAT_VERSION } from './backup-file';
import { backupTables, quote, resetSequences, type BackupTable } from './backup-tables';

const JOURNAL = path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json');

/** The schema version this build migrates to: the tag of its last migration. */
export function schemaVersion(): string {
  const journal = JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** COPY's text format ends every row with a newline (newlines in values are escaped). */
function lineCount(rows: Buffer): number {
  let count = 0;
  for (let at = rows.indexOf(10); at >= 0; at = rows.indexOf(10, at + 1)) count++;
  return count;
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * The whole database to one file and back (spec §7 export/import db). Export reads one
 * snapshot (a repeatable-read transaction); import replaces every row in one transaction, so
 * a failure anywhere leaves the database as it was. Both are audited.
 */
export function backupService(ctx: Pick<AppContext, 'pool' | 'secrets' | 'jobs' | 'audit' | 'db'>) {
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await ctx.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  return {
    async exportFile(admin: Actor, caller: Caller): Promise<{ file: Buffer; summary: BackupSummary }> {
      const { header, data } = await withClient(async (client) => {
        await client.query('begin isolation level repeatable read read only');
        try {
          const tables = await backupTables(client);
          const counted: (BackupTable & { rows: number })[] = [];
          const data: Buffer[] = [];
          for (const table of tables) {
            const columns = table.columns.map(quote).join(', ');
            const rows = await readAll(
              client.query(copyTo(`copy (select ${columns} from ${quote(table.name)} order by 1) to stdout`)),
            );
            data.push(rows);
            counted.push({ ...table, rows: lineCount(rows) });
          }
          const header = {
            format: FORMAT,
            version: FORMAT_VERSION,
            schema: schemaVersion(),
            createdAt: new Date().toISOString(),
            tables: counted,
          } as const;
          return { header, data };
        } finally {
          await client.query('rollback');
        }
      });
      const summary = {
        schema: header.schema,
        createdAt: header.createdAt,
        tables: header.tables.length,
        rows: header.tables.reduce((sum, t) => sum + t.rows, 0),
      };
      await ctx.audit.record(admin, caller.ip, { action: 'backup.export', detail: summary });
      return { file: ctx.secrets.sealBytes(encodeBackup(header, data)), summary };
    },

    async importFile(sealed: Buffer, admin: Actor, caller: Caller): Promise<BackupSummary> {
      let plain: Buffer;
      try {
        plain = ctx.secrets.openBytes(sealed);
      } catch {
        throw badRequest('backup.notABackup');
      }
      let decoded: ReturnType<typeof decodeBackup>;
      try {
        decoded = decodeBackup(plain);
      } catch (error) {
        if (error instanceof DamagedBackupError)
          throw badRequest('backup.damaged', { reason: error.message });
        throw error;
      }
      const { header, data } = decoded;
      const ours = schemaVersion();
      if (header.schema !== ours) throw badRequest('backup.schemaMismatch', { theirs: header.schema, ours });

      const summary = await withClient(async (client) => {
        const tables = await backupTables(client);
        const theirs = new Map(header.tables.map((t, i) => [t.name, { ...t, data: data[i]! }]));
        for (const table of tables) {
          const match = theirs.get(table.name);
          if (!match || !sameColumns(match.columns, table.columns))
            throw badRequest('backup.damaged', { reason: `table ${table.name} differs` });
        }
        if (theirs.size !== tables.length) throw badRequest('backup.damaged', { reason: 'unknown tables' });
        await client.query('begin');
        try {
          // Row by row (not TRUNCATE): the change triggers tell every cache what went.
          for (const table of [...tables].reverse()) await client.query(`delete from ${quote(table.name)}`);
          let rows = 0;
          for (const table of tables) {
            const { columns, data: rowData, rows: expected } = theirs.get(table.name)!;
            const stream = client.query(
              copyFrom(`copy ${quote(table.name)} (${columns.map(quote).join(', ')}) from stdin`),
            );
            stream.end(rowData);
            await finished(stream).catch((error: Error) => {
              throw badRequest('backup.damaged', { reason: `${table.name}: ${error.message}` });
            });
            if (stream.rowCount !== expected)
              throw badRequest('backup.damaged', {
                reason: `${table.name}: ${stream.rowCount} of ${expected} rows`,
              });
            rows += expected;
          }
          await resetSequences(client);
          // The edges get the restored configuration as a new version of each group.
          const tx = drizzle(client, { schema });
          for (const group of await tx.select({ id: edgeGroups.id }).from(edgeGroups))
            await changeGroupConfig(tx, ctx.jobs, group.id);
          await client.query('commit');
          return { schema: header.schema, createdAt: header.createdAt, tables: tables.length, rows };
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      });
      await ctx.audit.record(admin, caller.ip, { action: 'backup.import', detail: summary });
      return summary;
    },
  };
}
