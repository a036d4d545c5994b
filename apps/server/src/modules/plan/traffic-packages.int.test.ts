import {
  BANDWIDTH_SAMPLE_SECONDS,
  type EdgeNodeSaved,
  type OwnedPackage,
  type Page,
  type PlanUsage,
} from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { accessLine, shipLogs } from '../../../test/support/log-batch';
import { addJob, type Jobs } from '../../platform/jobs/jobs';
import { messages } from '../message/message.schema';
import { paymentKit } from '../payment/testing/payment-kit';
import { sites } from '../site/site.schema';
import { pgAnalyticsStore } from '../analytics/pg/analytics-pg';
import { monthStart } from '../analytics/traffic-figures';
import { planExpiry } from './plan-expiry';
import { trafficDraws, trafficPackages } from './plan.schema';

/*
 * Traffic packages (issue 22 §4, order type 30): bought ahead, drawn before the plan's monthly
 * quota, each 5-minute sample's bytes drawn exactly once however often the sweep runs or late the
 * logs come; the sites stop only when the quota and every package in force are used up.
 */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let dora: { id: number; token: string };
let eve: { id: number; token: string };
let nodeToken: string;
let siteId: number;
let packageProduct: number;
const GB = 1e9;
const MINUTE = 60_000;
const SAMPLE_MS = BANDWIDTH_SAMPLE_SECONDS * 1000;

const sweep = () =>
  planExpiry({
    db: server.database.db,
    pool: server.database.pool,
    jobs: { add: addJob } as unknown as Jobs,
    config: server.config,
  }).sweep();
/** Traffic served at `at` and summed into the rollups (the job does that in the background). */
async function serve(bytes: number, at = Date.now() - 1000) {
  await shipLogs(server.baseUrl, nodeToken, [accessLine(siteId, at, { out: String(bytes) })]);
  await pgAnalyticsStore(server.database.pool).rollUp();
}
const suspended = async () =>
  (await server.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!.suspended;
const usage = async () =>
  (await kit.call<PlanUsage>('GET', 'app/plan/usage', { token: dora.token })).body.data!;
const planUsedGb = async () => (await usage()).items.find((item) => item.attr === 'traffic')!.used;
const packages = async (token = dora.token) =>
  (await kit.call<Page<OwnedPackage>>('POST', 'app/plan/package/list', { token, body: {} })).body.data!;
/** The newest package bought, moved in time as a test needs it. */
async function moveNewest(times: { startsAt: Date; endsAt?: Date }) {
  const newest = (await packages()).list[0]!;
  await server.database.db.update(trafficPackages).set(times).where(eq(trafficPackages.id, newest.id));
  return newest.id;
}
const buyPackage = () =>
  kit.buyAndPay(dora.token, 'app/plan/package/purchase', {
    productId: packageProduct,
    cycle: 'm',
    quantity: 1,
  });
const ledgerTotal = async () =>
  Number(
    (
      await server.database.db
        .select({ n: sql<string>`coalesce(sum(${trafficDraws.bytes}), 0)` })
        .from(trafficDraws)
        .where(eq(trafficDraws.customerId, dora.id))
    )[0]!.n,
  );

let first: number;

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
      body: { name: 'package-1', ipv4: '198.51.100.63', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  dora = await kit.customer('dora-packages');
  eve = await kit.customer('eve-packages');
  await kit.call('POST', 'sys/finance/recharge', {
    token: admin,
    body: { userId: dora.id, direction: 'credit', amount: 100_000, note: 'test money' },
  });
  const plan = await kit.product(admin, {
    kind: 'cdn_plan',
    name: 'One GB',
    attrs: { domains: 1, traffic: 1 },
    prices: [{ unit: 'm', cents: 100 }],
  });
  packageProduct = await kit.product(admin, {
    kind: 'traffic_package',
    name: 'Package of one GB',
    attrs: { traffic: 1 },
    prices: [{ unit: 'm', cents: 30 }],
  });
  await kit.buyAndPay(dora.token, 'app/plan/purchase', { productId: plan, cycle: 'm', quantity: 1 });
  const site = await kit.call<{ id: number }>('POST', 'app/site/domain/create', {
    token: dora.token,
    body: { domain: 'package.plan.test', origins: [{ address: 'origin.example.com', httpPort: 8080 }] },
  });
  expect(site.body.code, site.body.msg).toBe(1);
  siteId = site.body.data!.id;
}, 60_000);
afterAll(() => server.close());

describe('traffic packages', () => {
  it('are drawn before the plan’s quota, which stays unused while a package covers the traffic', async () => {
    await buyPackage();
    // Bought an hour ago, so traffic of earlier samples this month may draw on it too.
    first = await moveNewest({ startsAt: new Date(Date.now() - 60 * MINUTE) });
    await serve(0.3 * GB);
    await sweep();
    await sweep();
    expect(await planUsedGb()).toBe(0);
    expect((await usage()).packages).toEqual({ drawnBytes: 0.3 * GB, remainingBytes: 0.7 * GB });
    expect((await packages()).list).toMatchObject([
      { id: first, bytes: GB, usedBytes: 0.3 * GB, remainingBytes: 0.7 * GB, state: 'in_force' },
    ]);
  });

  it('draws a late batch for an earlier sample exactly once', async () => {
    // 20 minutes back, unless that was last month (the month's samples only are drawn).
    const earlier = Math.max(Date.now() - 20 * MINUTE, monthStart(new Date()).getTime() + 1000);
    await serve(0.2 * GB, earlier);
    await sweep();
    await sweep();
    expect((await packages()).list[0]).toMatchObject({ usedBytes: 0.5 * GB, remainingBytes: 0.5 * GB });
    // Every byte of the month attributed once, to the package or the plan.
    expect(await ledgerTotal()).toBe(0.5 * GB);
    expect(await planUsedGb()).toBe(0);
  });

  it('does not draw on an expired package, and the plan takes what the package cannot', async () => {
    await buyPackage();
    // Ended just before the current 5-minute sample began.
    const sampleStart = Math.floor(Date.now() / SAMPLE_MS) * SAMPLE_MS;
    const expired = await moveNewest({
      startsAt: new Date(Date.now() - 120 * MINUTE),
      endsAt: new Date(sampleStart),
    });
    // Never in the sample before (the package was in force then).
    await serve(0.9 * GB, Math.max(sampleStart, Date.now() - 1000));
    await sweep();
    const list = (await packages()).list;
    expect(list.find((p) => p.id === expired)).toMatchObject({ usedBytes: 0, state: 'expired' });
    expect(list.find((p) => p.id === first)).toMatchObject({ usedBytes: GB, state: 'used_up' });
    expect(await planUsedGb()).toBe(0.4);
    expect(await suspended()).toBe(false);
  });

  it('suspends the sites only once the packages and the plan’s quota are used up', async () => {
    await serve(0.7 * GB);
    await sweep();
    expect(await planUsedGb()).toBe(1.1);
    expect(await suspended()).toBe(true);
    // Told once, counting the package in: 1.1 GB of the plan's 1 GB and 1 GB of the package's 1 GB.
    const letters = await server.database.db.select().from(messages).where(eq(messages.customerId, dora.id));
    expect(letters.map((m) => m.title)).toEqual(['本月流量已用尽']);
    expect(letters[0]!.content).toContain('2.00 GB 已用尽（已用 2.10 GB）');
  });

  it('serves them again when another package is bought', async () => {
    await buyPackage();
    await sweep();
    expect(await suspended()).toBe(false);
    expect((await usage()).packages).toEqual({ drawnBytes: GB, remainingBytes: GB });
  });

  it('refunds a package only while nothing was drawn from it', async () => {
    const refund = (serialNumber: string) =>
      kit.call('POST', 'sys/finance/order/refund', { token: admin, body: { serialNumber, note: 'test' } });
    const list = (await packages()).list;
    const drawn = await refund(list.find((p) => p.id === first)!.orderSerial);
    expect(drawn.body.msg).toBe('Traffic has been drawn from this package: it cannot be refunded');
    const unused = await refund(list[0]!.orderSerial);
    expect(unused.body.code, unused.body.msg).toBe(1);
    expect((await packages()).list.map((p) => p.id)).not.toContain(list[0]!.id);
    await sweep();
    expect(await suspended()).toBe(true);
  });

  it('are the buyer’s own: another customer lists none of them', async () => {
    expect((await packages()).totalCount).toBe(2);
    expect(await packages(eve.token)).toMatchObject({ list: [], totalCount: 0 });
  });

  it('are not drawn beside a plan of unlimited traffic, which they would save nothing of', async () => {
    await kit.call('POST', 'sys/finance/recharge', {
      token: admin,
      body: { userId: eve.id, direction: 'credit', amount: 100_000, note: 'test money' },
    });
    const unlimited = await kit.product(admin, {
      kind: 'cdn_plan',
      name: 'Unlimited',
      attrs: { domains: 1 },
      prices: [{ unit: 'm', cents: 100 }],
    });
    await kit.buyAndPay(eve.token, 'app/plan/purchase', { productId: unlimited, cycle: 'm', quantity: 1 });
    await kit.buyAndPay(eve.token, 'app/plan/package/purchase', {
      productId: packageProduct,
      cycle: 'm',
      quantity: 1,
    });
    const site = await kit.call<{ id: number }>('POST', 'app/site/domain/create', {
      token: eve.token,
      body: { domain: 'unlimited.plan.test', origins: [{ address: 'origin.example.com', httpPort: 8080 }] },
    });
    expect(site.body.code, site.body.msg).toBe(1);
    await shipLogs(server.baseUrl, nodeToken, [
      accessLine(site.body.data!.id, Date.now() - 1000, { out: '5000' }),
    ]);
    await pgAnalyticsStore(server.database.pool).rollUp();
    await sweep();
    expect((await packages(eve.token)).list).toMatchObject([{ usedBytes: 0, state: 'in_force' }]);
    const eveUsage = (await kit.call<PlanUsage>('GET', 'app/plan/usage', { token: eve.token })).body.data!;
    expect(eveUsage.packages).toBeUndefined();
    // And dora's list does not show eve's package.
    expect((await packages()).totalCount).toBe(2);
  });
});
