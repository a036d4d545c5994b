import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { sessions } from './auth.schema';
import { sessionService } from './session.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const service = () =>
  sessionService(server.database.db, { sessionIdleMinutes: 120, sessionAbsoluteHours: 168 });
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

  it('a revocation written by another instance is honoured within the 5 s cache window', async () => {
    const s = service();
    const token = await s.open('customer', 1);
    const t0 = new Date();
    const principal = await s.resolve(token, t0);
    await server.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, principal!.sessionId));
    expect(await s.resolve(token, seconds(t0, 6))).toBeUndefined();
  });

  it('ends a session left unused longer than the idle limit, and never opens the other identity', async () => {
    const s = service();
    const token = await s.open('admin', 1);
    expect(await s.resolve(token, seconds(new Date(), 121 * 60))).toBeUndefined();
    expect(await s.resolve('not-a-token')).toBeUndefined();
  });
});
