import { EDGE_PATHS, type EdgeNodeSaved } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const status = async (path: string) => (await fetch(`${server.baseUrl}/api/${path}`)).status;

it('is live and ready on an up-to-date database, and not ready while a migration it needs is missing', async () => {
  expect(await status('health/live')).toBe(200);
  expect(await status('health/ready')).toBe(200);

  const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
  await server.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1
    where created_at = ${latest}`);
  const answer = await fetch(`${server.baseUrl}/api/health/ready`);
  expect(answer.status).toBe(503);
  expect(await answer.json()).toEqual({ ready: false, reason: 'migrations' });
  await server.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1
    where created_at = ${latest}`);
  expect(await status('health/ready')).toBe(200);
});

// A process being stopped (rolling upgrade, scale-in) must not keep its agents' long-polls for their
// whole timeout: they get an answer at once and reconnect to another process (issue 21 §1).
it('answers the long-polls waiting on it as soon as it starts shutting down', async () => {
  const admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Draining', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: {
      name: 'draining-1',
      ipv4: '198.51.100.91',
      listenAddress: '127.0.0.91',
      groupId: group.body.data!.id,
    },
  });
  const wait = (version: number, timeout: number) =>
    fetch(`${server.baseUrl}/api/${EDGE_PATHS.wait}?version=${version}&timeout=${timeout}`, {
      headers: { authorization: `Bearer ${saved.body.data!.token}` },
    });
  // The node's first bundle is published by a job: wait for it, then wait past it.
  const now = (await (await wait(0, 20)).json()) as { data: { latestVersion: number } };
  expect(now.data.latestVersion).toBeGreaterThan(0);
  const poll = wait(now.data.latestVersion, 25);
  // The poll is parked: nothing answers it for its 25 s unless the process drains.
  const parked = await Promise.race([
    poll.then(() => 'answered'),
    new Promise((r) => setTimeout(r, 500, 'parked')),
  ]);
  expect(parked).toBe('parked');

  const closing = server.app.close();
  const answer = await Promise.race([poll, new Promise((r) => setTimeout(r, 10_000, 'still parked'))]);
  expect(answer).not.toBe('still parked');
  expect((answer as Response).status).toBe(200);
  // And the shutdown does not wait for the agent's kept-alive connection to time out (72 s).
  await closing;
});
