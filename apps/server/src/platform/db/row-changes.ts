import pg from 'pg';

/** Channel and payload ('<table>:<id>') of the triggers in drizzle/0002_notify_row_changes.sql. */
const CHANNEL = 'nimbus_row_changed';
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/** `null`: anything in the table may have changed (the feed was down for a while). */
export type RowChangeListener = (id: number | null) => void;

/**
 * Tells in-process caches which rows changed, whoever changed them. Caches may serve a copy
 * only while `live`: when the connection is down, a change could go unnoticed.
 */
export interface RowChanges {
  readonly live: boolean;
  subscribe(table: string, listener: RowChangeListener): void;
  /**
   * A change this process just committed: local caches forget the row at once, so the next
   * request reads its own write even before PostgreSQL's notification arrives.
   */
  announce(table: string, id: number): void;
  close(): Promise<void>;
}

function listeners() {
  const byTable = new Map<string, RowChangeListener[]>();
  return {
    add(table: string, listener: RowChangeListener) {
      byTable.set(table, [...(byTable.get(table) ?? []), listener]);
    },
    emit(table: string, id: number | null) {
      for (const listener of byTable.get(table) ?? []) listener(id);
    },
    emitAll() {
      for (const table of byTable.keys()) this.emit(table, null);
    },
  };
}

/** Never live: caches built on it always read through (tests of uncached behaviour, tools). */
export function noRowChanges(): RowChanges {
  const subscribed = listeners();
  return {
    live: false,
    subscribe: (table, listener) => subscribed.add(table, listener),
    announce: (table, id) => subscribed.emit(table, id),
    close: async () => {},
  };
}

/**
 * LISTENs on its own connection (not one of the pool's), reconnecting with backoff. Every
 * (re)connection tells every cache to drop everything: changes made while it was down were
 * not heard.
 */
export function listenForRowChanges(connection: pg.ClientConfig): RowChanges {
  const subscribed = listeners();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function lost(reason: string) {
    if (!client) return;
    const lostClient = client;
    client = undefined;
    live = false;
    subscribed.emitAll();
    lostClient.removeAllListeners();
    lostClient.on('error', () => {});
    void lostClient.end().catch(() => {});
    if (closed) return;
    console.warn(`[db] change notifications lost (${reason}); caches read through until they are back`);
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  function connect() {
    const next = new pg.Client(connection);
    client = next;
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', ({ channel, payload }) => {
      if (channel !== CHANNEL || !payload) return;
      const [table, id] = payload.split(':');
      if (table && id) subscribed.emit(table, Number(id));
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        subscribed.emitAll();
        live = true;
        retryMs = RETRY_MIN_MS;
      })
      .catch((error: Error) => {
        if (client === next) lost(error.message);
      });
  }

  connect();
  return {
    get live() {
      return live;
    },
    subscribe: (table, listener) => subscribed.add(table, listener),
    announce: (table, id) => subscribed.emit(table, id),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      live = false;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
