import { and, eq } from 'drizzle-orm';
import type { EdgeNodeSaved, PlanUsage } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPriceFields, startTestServer, type TestServer } from '../../../test/harness';
import { accessLine, shipLogs } from '../../../test/support/log-batch';
import { addJob, type Jobs } from '../../platform/jobs/jobs';
import { messages } from '../message/message.schema';
import { paymentKit } from '../payment/testing/payment-kit';
import { sites } from '../site/site.schema';
import { pgAnalyticsStore } from '../analytics/pg/analytics-pg';
import { planExpiry } from './plan-expiry';

/*
 * A plan's monthly traffic quota (issue 19 §4, ADR 0042): measured from the edges' logs, the
 * customer told once when it runs low and once when it is used up, the sites suspended then
 * (unless the admin bills the overage) and back when traffic is added.
 */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let dora: { id: number; token: string };
let nodeToken: string;
let siteId: number;
let planId: number;
const GB = 1e9;

const sweep = () =>
  planExpiry({
    db: server.database.db,
    pool: server.database.pool,
    jobs: { add: addJob } as unknown as Jobs,
    config: server.config,
  }).sweep();
/** Traffic served and summed into the rollups (the job does that in the background). */
async function serve(bytes: number) {
  await shipLogs(server.baseUrl, nodeToken, [accessLine(siteId, Date.now() - 1000, { out: String(bytes) })]);
  await pgAnalyticsStore(server.database.pool).rollUp();
}
const letters = async () =>
  (await server.database.db.select().from(messages).where(eq(messages.customerId, dora.id))).map(
    (m) => m.title,
  );
const lastLetter = async () =>
  (await server.database.db.select().from(messages).where(eq(messages.customerId, dora.id))).at(-1)!.content;
const suspended = async () =>
  (
    await server.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.id, siteId)))
  )[0]!.suspended;

const product = (body: Record<string, unknown>) => kit.product(admin, body);
const buyAndPay = (path: string, body: Record<string, unknown>) => kit.buyAndPay(dora.token, path, body);

beforeAll(async () => {
  server = await startTestServer({ plansRequired: true });
  admin = await server.login('admin');
  const group = await kit.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Default', isDefault: true },
  });
  nodeToken = (
    await kit.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'meter-1', ipv4: '198.51.100.62', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  dora = await kit.customer('dora-traffic');
  await kit.call('POST', 'sys/finance/recharge', {
    token: admin,
    body: { userId: dora.id, direction: 'credit', amount: 100_000, note: 'test money' },
  });
  const plan = await product({
    kind: 'cdn_plan',
    name: 'One GB',
    attrs: { domains: 1, traffic: 1 },
    prices: [{ unit: 'm', cents: 100 }],
  });
  await buyAndPay('app/plan/purchase', { productId: plan, cycle: 'm', quantity: 1 });
  const site = await kit.call<{ id: number }>('POST', 'app/site/domain/create', {
    token: dora.token,
    body: { domain: 'meter.plan.test', origins: [{ address: 'origin.example.com', httpPort: 8080 }] },
  });
  expect(site.body.code, site.body.msg).toBe(1);
  siteId = site.body.data!.id;
  const own = await kit.call<{ list: { id: number }[] }>('POST', 'app/plan/own/list', {
    token: dora.token,
    body: {},
  });
  planId = own.body.data!.list[0]!.id;
}, 60_000);
afterAll(() => server.close());

describe('a monthly traffic quota', () => {
  it('shows this month’s traffic on plan usage, in the quota’s unit', async () => {
    await serve(0.25 * GB);
    const usage = await kit.call<PlanUsage>('GET', 'app/plan/usage', { token: dora.token });
    expect(usage.body.data!.items).toContainEqual({ attr: 'traffic', quota: 1, used: 0.25, basis: 'month' });
  });

  it('tells the customer once when traffic runs low', async () => {
    await serve(0.6 * GB); // 85 % of the quota, the default notice is at 80 %
    await sweep();
    await sweep();
    expect(await letters()).toEqual(['本月流量即将用尽']); // the platform's language: Chinese
    expect(await suspended()).toBe(false);
  });

  it('keeps the sites serving past the quota when the admin bills the overage', async () => {
    await serve(0.2 * GB);
    await setPriceFields(server.database.db, { trafficOverage: 1 });
    await sweep();
    expect(await suspended()).toBe(false);
    expect((await letters()).filter((t) => t === '本月流量已用尽')).toHaveLength(1);
    expect(await lastLetter()).toContain('站点继续加速');
  });

  it('suspends the sites once the quota is used up, without telling twice', async () => {
    await setPriceFields(server.database.db, { trafficOverage: 0 });
    await sweep();
    expect(await suspended()).toBe(true);
    expect((await letters()).filter((t) => t === '本月流量已用尽')).toHaveLength(1);
  });

  it('serves them again when a value-added service adds traffic', async () => {
    const more = await product({
      kind: 'vas',
      name: 'One more GB',
      attrs: { traffic: 1 },
      prices: [{ unit: 'p', cents: 50 }],
    });
    await buyAndPay('app/plan/vas/purchase', { planId, productId: more, cycle: 'p', quantity: 1 });
    await sweep();
    expect(await suspended()).toBe(false);
  });
});
