import { SITE_ADMIN_PATHS } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waiveOwnershipProof, type TestServer } from '../../../test/harness';
import { makeCertificate } from '../../../test/support/openssl';
import { configRepository } from '../config/config.repository';
import { paymentKit } from '../payment/testing/payment-kit';

/** Issue 22: layer-4 ports and HTTPS draw on the plan, as domains do, when plans are required. */
let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;
let erin: { id: number; token: string };
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];
const DOMAINS = ['plain.quota.test', 'secure.quota.test', 'later.quota.test', 'other.quota.test'];
let certificateId: number;

async function product(body: Record<string, unknown>) {
  const saved = await kit.call<{ id: number }>('POST', 'sys/product/save', {
    token: admin,
    body: { kind: 'cdn_plan', billingMode: 1, onSale: true, description: '', ...body },
  });
  expect(saved.body.code, saved.body.msg).toBe(1);
  return saved.body.data!.id;
}

async function buyPlan(attrs: Record<string, number | boolean>) {
  const productId = await product({
    name: `Plan ${JSON.stringify(attrs)}`,
    attrs,
    prices: [{ unit: 'm', cents: 100 }],
  });
  const order = await kit.call<{ serialNumber: string }>('POST', 'app/plan/purchase', {
    token: erin.token,
    body: { productId, cycle: 'm', quantity: 1 },
  });
  expect(order.body.code, order.body.msg).toBe(1);
  const paid = await kit.call('POST', 'app/finance/order/pay', {
    token: erin.token,
    body: { serialNumber: order.body.data!.serialNumber },
  });
  expect(paid.body.code, paid.body.msg).toBe(1);
}

/** Web config price.planRequired, written as an admin's save writes it. */
async function requirePlans(on: boolean) {
  const repo = configRepository(server.database.db);
  const row = await repo.byKey('price');
  const value = { ...JSON.parse(row!.paramValue), planRequired: on ? 1 : 0 };
  await repo.update(row!.id, { paramValue: JSON.stringify(value) });
}

const saveRule = (listenPort: number, id?: number) =>
  kit.call<{ id: number }>('POST', 'app/stream/save', {
    token: erin.token,
    body: {
      id,
      name: `p${listenPort}`,
      protocol: 'tcp',
      listenPort,
      origins: [{ address: '10.0.0.5', port: 22 }],
    },
  });

const tls = { httpsEnabled: true, httpsPorts: [443] };
const createSite = (domain: string, https = false) =>
  kit.call<{ id: number }>('POST', 'app/site/domain/create', {
    token: erin.token,
    body: { domain, origins, ...(https ? { ...tls, certificateId } : {}) },
  });
const turnHttpsOn = (id: number) =>
  kit.call('POST', 'app/site/domain/update', {
    token: erin.token,
    body: { id, origins, httpPorts: [80], ...tls, certificateId },
  });

const noPorts = (used: number, quota: number) =>
  `No layer-4 forwarding port is left in your plans (${used} of ${quota} in use): buy a plan, upgrade one or add a value-added service`;
const NO_HTTPS =
  "This site's plan does not include HTTPS: upgrade the plan or add a value-added service that includes it";

beforeAll(async () => {
  server = await startTestServer({ plansRequired: true });
  await server.allowOrigins(['10.0.0.0/8']);
  admin = await server.login('admin');
  await kit.call('POST', 'sys/edge/group/save', { token: admin, body: { name: 'Default', isDefault: true } });
  erin = await kit.customer('erin-quota');
  await waiveOwnershipProof(server, 'erin-quota');
  await kit.call('POST', 'sys/finance/recharge', {
    token: admin,
    body: { userId: erin.id, direction: 'credit', amount: 100_000, note: 'test money' },
  });
  const cert = makeCertificate(DOMAINS);
  const uploaded = await kit.call<{ id: number }>('POST', 'app/site/certificate/upload', {
    token: erin.token,
    body: { certPem: cert.certPem, keyPem: cert.keyPem },
  });
  expect(uploaded.body.code, uploaded.body.msg).toBe(1);
  certificateId = uploaded.body.data!.id;
});
afterAll(() => server.close());

describe('layer-4 ports count against the plans', () => {
  it('refuses a rule without a plan, naming the quota', async () => {
    expect((await saveRule(3000)).body).toMatchObject({ code: 400, msg: noPorts(0, 0) });
  });

  it('takes as many rules as the plans have ports, one creation at a time', async () => {
    await buyPlan({ domains: 1, streamPorts: 2 });
    const answers = await Promise.all([3001, 3002, 3003, 3004, 3005].map((port) => saveRule(port)));
    const taken = answers.filter((a) => a.body.code === 1);
    expect(taken).toHaveLength(2);
    for (const refused of answers.filter((a) => a.body.code !== 1))
      expect(refused.body).toMatchObject({ code: 400, msg: noPorts(2, 2) });
    // An edit keeps its one port: it needs no room.
    const edited = await saveRule(3010, taken[0]!.body.data!.id);
    expect(edited.body.code, edited.body.msg).toBe(1);
  });
});

describe('HTTPS needs the plan to include it', () => {
  let plainSite: number;
  let secureSite: number;

  it('refuses HTTPS on a site whose plan lacks it, at creation and when turned on', async () => {
    const plain = await createSite(DOMAINS[0]!);
    expect(plain.body.code, plain.body.msg).toBe(1);
    plainSite = plain.body.data!.id;
    expect((await turnHttpsOn(plainSite)).body).toMatchObject({ code: 400, msg: NO_HTTPS });
    // The plan without HTTPS is full, one with HTTPS and room comes next.
    await buyPlan({ domains: 2, https: true });
    expect((await createSite(DOMAINS[2]!, false)).body.code).toBe(1);
    const secure = await createSite(DOMAINS[1]!, true);
    expect(secure.body.code, secure.body.msg).toBe(1);
    secureSite = secure.body.data!.id;
    // The site keeps its own plan: another plan's HTTPS is not its.
    expect((await turnHttpsOn(plainSite)).body).toMatchObject({ code: 400, msg: NO_HTTPS });
  });

  it('says HTTPS, not the domain slot, when only a plan without HTTPS has room', async () => {
    await buyPlan({ domains: 1 });
    expect((await createSite(DOMAINS[3]!, true)).body).toMatchObject({ code: 400, msg: NO_HTTPS });
    // Nor may a site serving HTTPS move onto that plan.
    const plans = await kit.call<{ list: { id: number; name: string }[] }>('POST', 'app/plan/own/list', {
      token: erin.token,
      body: {},
    });
    const plain = plans.body.data!.list.find((p) => p.name === 'Plan {"domains":1}')!;
    const moved = await kit.call('POST', SITE_ADMIN_PATHS.planMove, {
      token: erin.token,
      body: { id: secureSite, planId: plain.id },
    });
    expect(moved.body).toMatchObject({
      code: 400,
      msg: 'Plan "Plan {"domains":1}" does not include HTTPS, which this site serves: choose a plan with HTTPS or turn HTTPS off first',
    });
  });

  it('asks nothing when plans are not required', async () => {
    await requirePlans(false);
    try {
      expect((await turnHttpsOn(plainSite)).body.code).toBe(1);
      const beyond = await saveRule(3020);
      expect(beyond.body.code, beyond.body.msg).toBe(1);
    } finally {
      await requirePlans(true);
    }
  });
});
