import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { customers } from '../../modules/account/account.schema';
import { sysConfig } from '../../modules/config/config.schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await vi.waitFor(() => expect(server.database.changes.live).toBe(true));
});
afterAll(() => server.close());

const heard = (table = 'customers') => {
  const ids: (number | null)[] = [];
  server.database.changes.subscribe(table, (id) => ids.push(id));
  return ids;
};

describe('row change notifications', () => {
  it('hear a change written by anyone, even by hand in SQL', async () => {
    const ids = heard();
    await server.database.db
      .update(customers)
      .set({ note: 'changed in psql' })
      .where(eq(customers.username, CUSTOMER.username));
    await vi.waitFor(() => expect(ids).toEqual([1]));
  });

  it('hear system config rows inserted, updated and deleted by hand', async () => {
    const ids = heard('sys_config');
    const [row] = await server.database.db
      .insert(sysConfig)
      .values({ paramKey: 'by_hand', paramValue: '{}', remark: '', status: 1 })
      .returning();
    await server.database.db
      .update(sysConfig)
      .set({ paramValue: '{"a":1}' })
      .where(eq(sysConfig.id, row!.id));
    await server.database.db.delete(sysConfig).where(eq(sysConfig.id, row!.id));
    // One notice per statement, for the whole table.
    await vi.waitFor(() => expect(ids).toEqual([0, 0, 0]));
  });

  it('when the connection is lost, every cache is told to forget, and it comes back', async () => {
    const changes = server.database.changes;
    const ids = heard();
    await server.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN nimbus_row_changed' and datname = current_database()`,
    );
    await vi.waitFor(() => expect(ids).toContain(null));
    await vi.waitFor(() => expect(changes.live).toBe(true), { timeout: 5_000 });
    ids.length = 0;
    await server.database.db.update(customers).set({ note: 'after the reconnect' });
    await vi.waitFor(() => expect(ids).toEqual([1]));
  });
});

describe('GET app/account/userinfo', () => {
  it('shows a change made by another instance or by hand, not an old copy', async () => {
    const token = await server.login('customer');
    const note = async () =>
      (await server.call<{ note: string }>('GET', 'app/account/userinfo', { token })).body.data!.note;
    await server.database.db.update(customers).set({ note: 'first' });
    await vi.waitFor(async () => expect(await note()).toBe('first'));
    await server.database.db.update(customers).set({ note: 'second' });
    await vi.waitFor(async () => expect(await note()).toBe('second'));
  });
});
