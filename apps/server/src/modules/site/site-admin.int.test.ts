import { SITE_ADMIN_PATHS, type SiteLineView, type SitePlanView } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { paymentKit } from '../payment/testing/payment-kit';
import { customerPlans } from '../plan/plan.schema';
import { sites } from './site.schema';

/** The domain-admin page's plan and line tabs, with plans required (a real install's default). */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let dora: { id: number; token: string };
let eve: { id: number; token: string };
let productId: number;
let groupId: number;
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];
const DAY = 86_400_000;

async function plan(customerId: number, name: string, domains: number, endsInDays = 30) {
  const [row] = await server.database.db
    .insert(customerPlans)
    .values({
      customerId,
      productId,
      kind: 'cdn_plan',
      name,
      attrs: { domains, purge: 5 },
      cycle: 'm',
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + endsInDays * DAY),
      orderSerial: `test-${name}`,
    })
    .returning();
  return row!.id;
}

async function createSite(token: string, domain: string) {
  const answer = await server.call<{ id: number }>('POST', 'app/site/domain/create', {
    token,
    body: { domain, origins },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.id;
}

const planView = (token: string, id: number) =>
  server.call<SitePlanView>('GET', SITE_ADMIN_PATHS.plan, { token, query: { id } });
const move = (token: string, id: number, planId: number, lang: 'cn' | 'en' = 'en') =>
  server.call<SitePlanView>('POST', SITE_ADMIN_PATHS.planMove, { token, body: { id, planId }, lang });

beforeAll(async () => {
  server = await startTestServer({ plansRequired: true });
  admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Default', isDefault: true },
  });
  groupId = group.body.data!.id;
  const saved = await server.call<{ id: number }>('POST', 'sys/product/save', {
    token: admin,
    body: {
      billingMode: 1,
      onSale: true,
      description: '',
      kind: 'cdn_plan',
      name: 'Small',
      attrs: { domains: 1 },
      prices: [{ unit: 'm', cents: 100 }],
    },
  });
  expect(saved.body.code, saved.body.msg).toBe(1);
  productId = saved.body.data!.id;
  dora = await kit.customer('dora-site-admin');
  eve = await kit.customer('eve-site-admin');
});
afterAll(() => server.close());

describe('site plan tab', () => {
  let siteId: number;
  let first: number;
  let roomy: number;
  let full: number;

  it('shows the plan the site draws on and the others with their room', async () => {
    first = await plan(dora.id, 'First', 1, 10);
    siteId = await createSite(dora.token, 'www.plan-tab.test');
    roomy = await plan(dora.id, 'Roomy', 3);
    full = await plan(dora.id, 'Full', 1, 20);
    // Takes Full's only slot: First is full, and Full ends before Roomy (the soonest with room is used).
    const other = await createSite(dora.token, 'other.plan-tab.test');
    const [otherRow] = await server.database.db.select().from(sites).where(eq(sites.id, other));
    expect(otherRow!.planId).toBe(full);
    const view = await planView(dora.token, siteId);
    expect(view.body.code, view.body.msg).toBe(1);
    expect(view.body.data!.current).toMatchObject({
      id: first,
      domainsUsed: 1,
      domainsQuota: 1,
      hasRoom: true,
    });
    expect(view.body.data!.others.map((p) => [p.name, p.domainsUsed, p.hasRoom])).toEqual(
      expect.arrayContaining([
        ['Roomy', 0, true],
        ['Full', 1, false],
      ]),
    );
  });

  it('moves the site to a plan with a free slot', async () => {
    const moved = await move(dora.token, siteId, roomy);
    expect(moved.body.code, moved.body.msg).toBe(1);
    expect(moved.body.data, JSON.stringify(moved.body.data)).toMatchObject({
      current: { id: roomy, domainsUsed: 1 },
    });
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(row!.planId).toBe(roomy);
  });

  it('refuses a plan without room, naming it, in the user language, and writes nothing', async () => {
    expect((await move(dora.token, siteId, full)).body).toMatchObject({
      code: 400,
      msg: 'Every one of the 1 domain slots of plan "Full" is taken: choose another plan, or upgrade it or add a value-added service',
    });
    expect((await move(dora.token, siteId, full, 'cn')).body.msg).toContain('套餐「Full」');
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(row!.planId).toBe(roomy);
  });

  it('refuses an ended plan of the customer', async () => {
    const ended = await plan(dora.id, 'Ended', 5, -1);
    expect((await move(dora.token, siteId, ended)).body).toMatchObject({
      code: 400,
      msg: 'That plan has ended or was refunded: it can no longer be used',
    });
  });

  it("answers 404 for another customer's plan or site, and changes nothing", async () => {
    const evePlan = await plan(eve.id, 'Eve', 10);
    expect((await move(dora.token, siteId, evePlan)).body.code).toBe(404);
    expect((await move(eve.token, siteId, evePlan)).body.code).toBe(404);
    expect((await planView(eve.token, siteId)).body.code).toBe(404);
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(row!.planId).toBe(roomy);
  });

  it('serves a site suspended by its ended plan again once moved to a plan in force', async () => {
    await server.database.db
      .update(sites)
      .set({ suspended: true, planId: first })
      .where(eq(sites.id, siteId));
    await server.database.db
      .update(customerPlans)
      .set({ endsAt: new Date(Date.now() - DAY) })
      .where(eq(customerPlans.id, first));
    const view = await planView(dora.token, siteId);
    expect(view.body.data!.current).toMatchObject({ id: first });
    const moved = await move(dora.token, siteId, roomy);
    expect(moved.body.code, moved.body.msg).toBe(1);
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(row).toMatchObject({ planId: roomy, suspended: false });
  });
});

describe('site line tab', () => {
  it('shows the group lines as counts and the CNAME record, never node addresses', async () => {
    const node = await server.call('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'edge-a', ipv4: '203.0.113.7', line: 'main', groupId },
    });
    expect(node.body.code, node.body.msg).toBe(1);
    await server.call('POST', 'sys/config/web/save', {
      token: admin,
      body: { section: 'dns_rewrite', value: { cnameDomain: 'cdn.nimbus.test', dnsAddress: '' } },
    });
    const siteId = (await server.database.db.select().from(sites).where(eq(sites.customerId, dora.id)))[0]!
      .id;
    const answer = await server.call<SiteLineView>('GET', SITE_ADMIN_PATHS.line, {
      token: dora.token,
      query: { id: siteId },
    });
    expect(answer.body.code, answer.body.msg).toBe(1);
    const view = answer.body.data!;
    expect(view.groupName).toBe('Default');
    expect(view.lines).toEqual([
      { line: 'main', nodes: 1, online: 0, answering: true },
      { line: 'backup', nodes: 0, online: 0, answering: false },
    ]);
    expect(JSON.stringify(view)).not.toContain('203.0.113.7');
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(view.cname).toEqual({
      recordId: `${site!.cnameLabel}.cdn.nimbus.test/CNAME`,
      hostRecord: site!.cnameLabel,
      zone: 'cdn.nimbus.test',
      type: 'CNAME',
      lineType: 'default',
      value: `g${groupId}.cdn.nimbus.test`,
      ttl: 60,
    });
    expect(
      (await server.call('GET', SITE_ADMIN_PATHS.line, { token: eve.token, query: { id: siteId } })).body
        .code,
    ).toBe(404);
  });
});
