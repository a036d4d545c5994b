import type { EdgeNodeSaved, Site } from '@nimbus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PG_PASSWORD, PG_USER } from '../../test/global-setup';
import { startTestServer, type TestServer } from '../../test/harness';
import { readmeBalancerConf, startBalancer } from '../../test/support/balancer';
import { startConsoleProcess, type ConsoleProcess } from '../../test/support/console-process';
import {
  eventually,
  fetchEdge,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../test/support/edge-fleet';

/*
 * Issue 21 §1: a pool of consoles on one PostgreSQL behind the README's nginx. A is this test's
 * in-process console (it seeds the database and reads captchas); B and C are real `npm start`
 * processes on A's database. The balancer prefers C, with A and B as backups, so the edge agent
 * behind it is C's until C dies.
 */
const BALANCER = '127.0.0.171';
const EDGE = '127.0.0.172';
let a: TestServer;
let b: ConsoleProcess;
let c: ConsoleProcess;
let balancer: Awaited<ReturnType<typeof startBalancer>>;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let customer: string;
let sitePort: number;

const call = async <T>(baseUrl: string, method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data?: T };
};

/**
 * Up to two minutes: after a console is killed the agent reconnects through the balancer with its
 * back-off, and integration files run beside each other (three consoles and an edge here); a
 * minute was missed on a loaded two-core machine.
 */
const served = (domain: string) =>
  eventually(
    async () => {
      const answer = await fetchEdge(`http://${domain}:${sitePort}/x`, EDGE);
      return answer.status === 200 && answer.body.startsWith('origin /x') && answer;
    },
    120_000,
    `${domain} served by the edge`,
  );

const siteSettings = () => ({
  origins: [{ address: '127.0.0.1', httpPort: origin.port }],
  httpPorts: [sitePort],
});

async function createSite(baseUrl: string, domain: string): Promise<Site> {
  const created = await call<Site>(baseUrl, 'POST', 'app/site/domain/create', customer, {
    domain,
    ...siteSettings(),
  });
  expect(created.code, created.msg).toBe(1);
  return created.data!;
}

beforeAll(async () => {
  a = await startTestServer();
  await a.allowOrigins();
  const { port, database } = a.database.pool.options;
  const databaseUrl = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`;
  [b, c] = await Promise.all([startConsoleProcess(databaseUrl), startConsoleProcess(databaseUrl)]);
  const listen = `${BALANCER}:${await freePort(BALANCER)}`;
  const hostPort = (url: string) => new URL(url).host;
  balancer = await startBalancer(
    readmeBalancerConf(
      [hostPort(c.baseUrl), `${hostPort(a.baseUrl)} backup`, `${hostPort(b.baseUrl)} backup`],
      listen,
    ),
    `http://${listen}/api/health/live`,
  );
  origin = await startOrigin();
  sitePort = await freePort();
  const admin = await a.login('admin');
  customer = await a.login('customer');
  const group = await a.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Pool', isDefault: true },
  });
  const saved = await a.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'pool-1', ipv4: '198.51.100.171', listenAddress: EDGE, groupId: group.body.data!.id },
  });
  agent = await startAgent({ ...a, baseUrl: `http://${listen}` }, saved.body.data!, EDGE);
}, 120_000);

afterAll(async () => {
  if (agent) await stopAgent(agent);
  await balancer?.stop();
  await Promise.all([b?.kill(), c?.kill()]);
  await origin?.close();
  await a?.close();
});

it('brings a site saved through process A to the agent whose long-polls go to process C', async () => {
  await createSite(a.baseUrl, 'www.pool-a.test');
  await served('www.pool-a.test');
  const waits = balancer
    .accessLog()
    .split('\n')
    .filter((line) => line.startsWith('/api/edge/v1/wait'));
  expect(waits.length).toBeGreaterThan(0);
  expect(new Set(waits.map((line) => line.split(' ')[1]))).toEqual(new Set([new URL(c.baseUrl).host]));
});

it('refuses a session on B as soon as it was ended on A', async () => {
  const token = await a.login('customer');
  expect((await call(b.baseUrl, 'GET', 'app/account/userinfo', token)).code).toBe(1);
  expect((await call(a.baseUrl, 'POST', 'app/account/logout', token)).code).toBe(1);
  // B may have the session cached: PostgreSQL's notification must drop it there within a second.
  await eventually(
    async () => (await call(b.baseUrl, 'GET', 'app/account/userinfo', token)).code === 401,
    1_000,
    'B refusing the ended session',
  );
});

it('keeps what C acknowledged when C is killed, and its agent converges through the others', async () => {
  const site = await createSite(c.baseUrl, 'www.pool-c.test');
  const updated = await call<Site>(c.baseUrl, 'POST', 'app/site/domain/update', customer, {
    id: site.id,
    remark: 'acknowledged by C',
    ...siteSettings(),
  });
  expect(updated.code, updated.msg).toBe(1);
  await c.kill('SIGKILL');

  const info = await a.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id: site.id } });
  expect(info.body.data!.remark).toBe('acknowledged by C');
  await served('www.pool-c.test');
  await createSite(a.baseUrl, 'www.pool-after.test');
  await served('www.pool-after.test');
  // Two convergences of up to 120 s each, the agent's reconnection first.
}, 300_000);
