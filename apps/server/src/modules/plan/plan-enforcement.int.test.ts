import { eq } from 'drizzle-orm';
import { formatDateTime, WEB_CONFIG_DEFAULTS } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addJob, type Jobs } from '../../platform/jobs/jobs';
import { messages } from '../message/message.schema';
import { paymentKit } from '../payment/testing/payment-kit';
import { sites } from '../site/site.schema';
import { planExpiry } from './plan-expiry';
import { customerPlans } from './plan.schema';

/** Plans as the platform's rule (web config price.planRequired = 1, the default of a real install). */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let carol: { id: number; token: string };
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];

const product = (body: Record<string, unknown>) => kit.product(admin, body);
const buyAndPay = (path: string, body: Record<string, unknown>) => kit.buyAndPay(carol.token, path, body);

const createSite = (domain: string) =>
  kit.call('POST', 'app/site/domain/create', { token: carol.token, body: { domain, origins } });

const purge = (entries: string) =>
  kit.call('POST', 'app/site/cache/submit', { token: carol.token, body: { kind: 'url', entries } });

let planId: number;

beforeAll(async () => {
  server = await startTestServer({ plansRequired: true });
  admin = await server.login('admin');
  await kit.call('POST', 'sys/edge/group/save', { token: admin, body: { name: 'Default', isDefault: true } });
  carol = await kit.customer('carol-plan');
  await kit.call('POST', 'sys/finance/recharge', {
    token: admin,
    body: { userId: carol.id, direction: 'credit', amount: 100_000, note: 'test money' },
  });
});
afterAll(() => server.close());

describe('plans enforced', () => {
  it('refuses a site without a plan, saying what to do', async () => {
    expect((await createSite('none.plan.test')).body).toMatchObject({
      code: 400,
      msg: 'No plan has a free domain slot: buy a plan, upgrade one or add a value-added service',
    });
  });

  it('lets a plan take as many sites as its domain quota, one creation at a time', async () => {
    const starter = await product({
      kind: 'cdn_plan',
      name: 'Two domains',
      attrs: { domains: 2, traffic: 100, purge: 3 },
      prices: [{ unit: 'm', cents: 100 }],
    });
    await buyAndPay('app/plan/purchase', { productId: starter, cycle: 'm', quantity: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => createSite(`race-${i}.plan.test`)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(2);
    const plans = await kit.call<{ list: { id: number; status: string; sites: unknown[] }[] }>(
      'POST',
      'app/plan/own/list',
      { token: carol.token, body: {} },
    );
    const [plan] = plans.body.data!.list;
    planId = plan!.id;
    expect(plan).toMatchObject({ status: 'in_use' });
    expect(plan!.sites).toHaveLength(2);
  });

  it('takes one more site once a value-added service adds a domain', async () => {
    const extra = await product({
      kind: 'vas',
      name: 'One more domain',
      attrs: { domains: 1 },
      prices: [{ unit: 'p', cents: 50 }],
    });
    await buyAndPay('app/plan/vas/purchase', { planId, productId: extra, cycle: 'p', quantity: 1 });
    expect((await createSite('third.plan.test')).body.code).toBe(1);
    expect((await createSite('fourth.plan.test')).body.code).toBe(400);
  });

  it("counts purge entries against the plan's daily quota", async () => {
    const quota = await kit.call<Record<string, { dailyQuota: number | null; dailyUsed: number }>>(
      'GET',
      'app/site/cache/quota',
      { token: carol.token },
    );
    expect(quota.body.data!.url).toMatchObject({ dailyQuota: 3, dailyUsed: 0 });
    expect((await purge('http://third.plan.test/a\nhttp://third.plan.test/b')).body.code).toBe(1);
    const over = await purge('http://third.plan.test/c\nhttp://third.plan.test/d');
    expect(over.body).toMatchObject({
      code: 429,
      msg: "Today's purge quota is used up (2 of 3 entries a day)",
    });
  });
});

describe('plan usage', () => {
  it('shows each quota of the plans in force beside its use, with what each use counts', async () => {
    const usage = await kit.call<{ plans: number; items: unknown[] }>('GET', 'app/plan/usage', {
      token: carol.token,
    });
    expect(usage.body.data).toEqual({
      plans: 1,
      estimates: [],
      items: [
        { attr: 'domains', quota: 3, used: 3, basis: 'now' },
        { attr: 'traffic', quota: 100, used: 0, basis: 'month' },
        { attr: 'purge', quota: 3, used: 2, basis: 'today' },
      ],
      // Beside a traffic quota, what traffic packages covered and have left (none bought here).
      packages: { drawnBytes: 0, remainingBytes: 0 },
    });
  });
});

describe('a plan that ends', () => {
  const expiry = () =>
    planExpiry({
      db: server.database.db,
      pool: server.database.pool,
      jobs: { add: addJob } as unknown as Jobs,
      config: server.config,
    });
  const carolSites = () =>
    server.database.db.select().from(sites).where(eq(sites.customerId, carol.id)).orderBy(sites.id);

  it('tells the customer a week before, once, with the end in the display time zone', async () => {
    const endsAt = new Date(Date.now() + 3 * 86_400_000);
    await server.database.db.update(customerPlans).set({ endsAt }).where(eq(customerPlans.id, planId));
    const basic = { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes: -300 };
    await kit.call('POST', 'sys/config/web/save', { token: admin, body: { section: 'basic', value: basic } });
    await expiry().sweep();
    await expiry().sweep();
    await kit.call('POST', 'sys/config/web/save', {
      token: admin,
      body: { section: 'basic', value: WEB_CONFIG_DEFAULTS.basic },
    });
    const letters = await server.database.db.select().from(messages).where(eq(messages.customerId, carol.id));
    const expiring = letters.filter((l) => l.title.startsWith('套餐即将到期'));
    expect(expiring).toHaveLength(1);
    expect(expiring[0]!.content).toContain(formatDateTime(endsAt, -300));
  });

  it('suspends its sites when it ends, and serves them again once renewed', async () => {
    await server.database.db
      .update(customerPlans)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(customerPlans.id, planId));
    expect(await expiry().sweep()).toEqual({ suspended: 3, resumed: 0 });
    expect((await carolSites()).every((site) => site.suspended)).toBe(true);
    const letters = await server.database.db.select().from(messages).where(eq(messages.customerId, carol.id));
    expect(letters.filter((l) => l.title.startsWith('套餐已到期'))).toHaveLength(1);
    const listed = await kit.call<{ list: { suspended: boolean }[] }>('POST', 'app/site/domain/list', {
      token: carol.token,
      body: {},
    });
    expect(listed.body.data!.list.every((site) => site.suspended)).toBe(true);

    // The renewal's payment asks for a sweep at once: no waiting for the next five-minute run.
    await buyAndPay('app/plan/renew', { planId, cycle: 'm', quantity: 1 });
    await vi.waitFor(async () => expect((await carolSites()).some((site) => site.suspended)).toBe(false), {
      timeout: 10_000,
      interval: 200,
    });
  });
});
