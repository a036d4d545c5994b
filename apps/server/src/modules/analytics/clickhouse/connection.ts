import { createClient } from '@clickhouse/client';
import { SCHEMA } from './schema';

export type Row = Record<string, string | number | null>;

/**
 * ClickHouse over HTTP through @clickhouse/client (it works with Debian's 18.16: plain queries,
 * JSONEachRow in and out; no query parameters, so callers build SQL with literal()).
 * `ANALYTICS_CLICKHOUSE_URL` is http(s)://[user:password@]host:port[/database]; the database is
 * made when missing, and the schema (schema.ts) by prepare(), once per process.
 */
export function clickhouseConnection(raw: string) {
  const url = new URL(raw);
  const database = decodeURIComponent(url.pathname.slice(1)) || 'default';
  if (!/^\w+$/.test(database))
    throw new Error(`ANALYTICS_CLICKHOUSE_URL: the database "${database}" must be letters, digits and _`);
  url.pathname = '';
  const server = url.toString();
  const client = createClient({ url: server, database });
  let ready: Promise<void> | undefined;

  async function makeSchema(): Promise<void> {
    const bootstrap = createClient({ url: server, database: 'default' });
    try {
      await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
    } finally {
      await bootstrap.close();
    }
    for (const statement of SCHEMA) await client.command({ query: statement });
  }

  return {
    /** Makes the database and the schema (idempotent); a failure is tried again on the next call. */
    prepare(): Promise<void> {
      ready ??= makeSchema().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return ready;
    },
    async rows<T extends Row = Row>(query: string): Promise<T[]> {
      const result = await client.query({ query, format: 'JSONEachRow' });
      return result.json<T>();
    },
    async run(query: string): Promise<void> {
      await client.command({ query });
    },
    async insert(table: string, values: readonly object[]): Promise<void> {
      if (values.length > 0) await client.insert({ table, values: [...values], format: 'JSONEachRow' });
    },
    close: () => client.close(),
  };
}
export type ClickHouse = ReturnType<typeof clickhouseConnection>;
