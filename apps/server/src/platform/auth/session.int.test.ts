import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { noRowChanges, type RowChanges } from '../db/row-changes';
import { sessions } from './auth.schema';
import { sessionService } from './session.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const service = (changes: RowChanges = noRowChanges(), sessionAbsoluteHours = 168) =>
  sessionService(server.database.db, { sessionIdleMinutes: 120, sessionAbsoluteHours }, changes);
const seconds = (base: Date, s: number) => new Date(base.getTime() + s * 1000);

describe('sessions', () => {
  it('a revocation in this process takes effect at once, for one session or all of a principal', async () => {
    const s = service();
    const one = await s.open('customer', 1);
    const two = await s.open('customer', 1);
    const first = await s.resolve(one);
    expect(first).toMatchObject({ kind: 'customer', id: 1 });
    await s.resolve(two);
    await s.revoke(first!.sessionId);
    expect(await s.resolve(one)).toBeUndefined();
    expect(await s.resolve(two)).toBeDefined();
    await s.revokeAllFor('customer', 1);
    expect(await s.resolve(two)).toBeUndefined();
  });

  const revokeElsewhere = (sessionId: number) =>
    server.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, sessionId));

  it('a revocation written by another instance is honoured at once while notifications are live', async () => {
    const changes = server.database.changes;
    await vi.waitFor(() => expect(changes.live).toBe(true));
    const s = service(changes);
    const token = await s.open('customer', 1);
    const t0 = new Date();
    const principal = await s.resolve(token, t0);
    expect(await s.resolve(token, t0)).toEqual(principal);
    await revokeElsewhere(principal!.sessionId);
    // Same instant, well inside the cache window: only the notification can have ended it.
    await vi.waitFor(async () => expect(await s.resolve(token, t0)).toBeUndefined());
  });

  it('without notifications, such a revocation is honoured within the 5 s cache window', async () => {
    const s = service();
    const token = await s.open('customer', 1);
    const t0 = new Date();
    const principal = await s.resolve(token, t0);
    await revokeElsewhere(principal!.sessionId);
    expect(await s.resolve(token, t0)).toEqual(principal);
    expect(await s.resolve(token, seconds(t0, 6))).toBeUndefined();
  });

  it('ends a session left unused longer than the idle limit, and never opens the other identity', async () => {
    const s = service();
    const token = await s.open('admin', 1);
    expect(await s.resolve(token, seconds(new Date(), 121 * 60))).toBeUndefined();
    expect(await s.resolve('not-a-token')).toBeUndefined();
  });

  it('ends a session at its absolute limit after login, however busy it is', async () => {
    const s = service(noRowChanges(), 3);
    const opened = new Date();
    const token = await s.open('customer', 1);
    const [row] = await server.database.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(3 * 3_600_000 - 1_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3 * 3_600_000 + 1_000);
    // Used every 100 minutes (never idle for the 120-minute limit)…
    for (const minutes of [100, 170]) {
      expect(await s.resolve(token, seconds(opened, minutes * 60))).toMatchObject({
        kind: 'customer',
        id: 1,
      });
    }
    // …and still over after 3 hours.
    expect(await s.resolve(token, seconds(opened, 181 * 60))).toBeUndefined();
  });

  it('a session past its expiry answers 401 over HTTP', async () => {
    const token = await server.login('customer');
    const [row] = await server.database.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(401);
  });
});
