import { eq } from 'drizzle-orm';
import type { MenuNode } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { customers } from '../account/account.schema';

let server: TestServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  customer = await server.login('customer');
});
afterAll(() => server.close());

const nav = async (scope: 'app' | 'sys', product: 'cdn' | 'dns', token: string) => {
  const answer = await server.call<{ list: MenuNode[] }>('GET', `${scope}/menu/nav`, {
    token,
    query: { product },
  });
  expect(answer.body.code).toBe(1);
  return answer.body.data!.list;
};
const paths = (list: MenuNode[]) => list.map((n) => n.path);
const setCustom = (value: Record<string, number>) =>
  server.call('POST', 'sys/config/web/save', { token: admin, body: { section: 'custom', value } });

describe('menu navigation', () => {
  it('refuses without a token and across identities', async () => {
    expect((await server.call('GET', 'app/menu/nav')).body.code).toBe(401);
    expect((await server.call('GET', 'sys/menu/nav')).body.code).toBe(401);
    expect((await server.call('GET', 'app/menu/nav', { token: admin })).body.code).toBe(403);
    expect((await server.call('GET', 'sys/menu/nav', { token: customer })).body.code).toBe(403);
  });

  it('answers each console its own tree', async () => {
    const cdnUser = paths(await nav('app', 'cdn', customer));
    expect(cdnUser).toEqual(
      expect.arrayContaining(['/cdn/dashboard', '/cdn/message', '/cdn/message/detail', '/cdn/site/rewrite']),
    );
    const dnsUser = paths(await nav('app', 'dns', customer));
    expect(dnsUser).toEqual(expect.arrayContaining(['/dashboard', '/api-key', '/message']));
    expect(dnsUser.some((p) => p.startsWith('/cdn/'))).toBe(false);
    const cdnAdmin = paths(await nav('sys', 'cdn', admin));
    expect(cdnAdmin).toEqual(
      expect.arrayContaining(['/dashboard', '/system/web-config', '/message/publish', '/profile']),
    );
    expect(cdnAdmin).not.toContain('/authorization');
    expect(paths(await nav('sys', 'dns', admin))).toContain('/authorization');
    // product defaults to cdn
    const byDefault = await server.call<{ list: MenuNode[] }>('GET', 'app/menu/nav', { token: customer });
    expect(paths(byDefault.body.data!.list)).toEqual(cdnUser);
  });

  it('refuses an unknown product, naming the field', async () => {
    const answer = await server.call('GET', 'app/menu/nav', {
      token: customer,
      query: { product: 'waf' },
      lang: 'en',
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toBe('Product is invalid');
  });

  it('hides entries whose custom flag is off', async () => {
    await setCustom({ rewrite: 0, verify: 0, force: 1, 'access-token': 0 });
    const cdn = paths(await nav('app', 'cdn', customer));
    expect(cdn).not.toContain('/cdn/site/rewrite');
    expect(cdn).not.toContain('/cdn/account/verification');
    expect(cdn).toContain('/cdn/site/force');
    expect(paths(await nav('app', 'dns', customer))).not.toContain('/api-key');
    await setCustom({ rewrite: 1, verify: 1, force: 1, 'access-token': 1 });
    expect(paths(await nav('app', 'cdn', customer))).toContain('/cdn/site/rewrite');
  });

  it('hides the customer’s unvalidModel paths and containers left empty, only for that customer', async () => {
    await server.database.db
      .update(customers)
      .set({ unvalidModel: ['/cdn/plan/purchase', 'cdn/es/site', '/cdn/es/top', '/cdn/message/detail'] })
      .where(eq(customers.username, 'demo'));
    const list = await nav('app', 'cdn', customer);
    const got = paths(list);
    expect(got).not.toContain('/cdn/plan/purchase');
    expect(got).toContain('/cdn/plan/own/list');
    expect(got).not.toContain('/cdn/es/site');
    expect(got).not.toContain('/cdn/es'); // container with nothing left
    expect(got).not.toContain('/cdn/message/detail');
    expect(list.find((n) => n.path === '/cdn/site/domain/create')?.meta.hidden).toBe(true); // hidden stays
    expect(paths(await nav('sys', 'cdn', admin))).toContain('/message/manage');
  });
});
