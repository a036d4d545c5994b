import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';

let server: TestServer;
let admin: string;
let carol: string;

const post = async <T>(path: string, body: unknown, token: string) => {
  const answer = await server.call<T>('POST', path, { token, body, lang: 'en' });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};

/** Buys a month of a new product of `kind` on sale and pays it from the balance. */
async function buyPlan(kind: 'cdn_plan' | 'dns_plan', name: string) {
  const product = await post<{ id: number }>(
    'sys/product/save',
    {
      kind,
      name,
      billingMode: 1,
      onSale: true,
      description: '',
      attrs: {},
      prices: [{ unit: 'm', cents: 100 }],
    },
    admin,
  );
  const order = await post<{ serialNumber: string }>(
    'app/plan/purchase',
    { productId: product.id, cycle: 'm', quantity: 1 },
    carol,
  );
  await post('app/finance/order/pay', { serialNumber: order.serialNumber }, carol);
}

const names = async (body: Record<string, unknown>) =>
  (
    await post<{ list: { name: string; kind: string }[] }>(
      'app/plan/own/list',
      { limit: 100, ...body },
      carol,
    )
  ).list
    .map((plan) => `${plan.kind}:${plan.name}`)
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.database.db
    .insert(customers)
    .values({ username: 'carol-kinds', passwordHash: await hashPassword('kinds-pass-1') })
    .returning();
  admin = await server.login('admin');
  carol = await server.login('customer', { username: 'carol-kinds', password: 'kinds-pass-1' });
  await post(
    'sys/finance/recharge',
    { userId: row!.id, direction: 'credit', amount: 1_000, note: 'test' },
    admin,
  );
  await buyPlan('cdn_plan', 'Edge Basic');
  await buyPlan('dns_plan', 'DNS Pro');
});
afterAll(() => server.close());

describe('each customer console lists its own kind of plan', () => {
  it('a DNS plan is bought and paid like a CDN plan', async () => {
    expect(await names({})).toEqual(['cdn_plan:Edge Basic', 'dns_plan:DNS Pro']);
  });

  it('the DNS console asks for DNS plans only, the CDN console for CDN plans only', async () => {
    expect(await names({ kind: 'dns_plan' })).toEqual(['dns_plan:DNS Pro']);
    expect(await names({ kind: 'cdn_plan' })).toEqual(['cdn_plan:Edge Basic']);
  });

  it('a DNS plan in force is in use (it carries no sites); a CDN plan without sites is unused', async () => {
    expect(await names({ status: 'in_use' })).toEqual(['dns_plan:DNS Pro']);
    expect(await names({ status: 'unused' })).toEqual(['cdn_plan:Edge Basic']);
    const [plan] = (
      await post<{ list: { status: string }[] }>('app/plan/own/list', { kind: 'dns_plan' }, carol)
    ).list;
    expect(plan!.status).toBe('in_use');
  });

  it('refuses a kind that is no plan', async () => {
    const answer = await server.call('POST', 'app/plan/own/list', {
      token: carol,
      body: { kind: 'vas' },
      lang: 'en',
    });
    expect(answer.body.code).toBe(400);
  });
});
