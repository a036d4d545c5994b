import { DNS_PATHS, PLAN_PATHS, SITE_PATHS } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { savePower } from '../../../test/support/web-power';
import { customers } from '../account/account.schema';

/** ADR 0040: with real name required, an unverified customer can run their account but not add or buy service. */
let server: TestServer;
let customer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  [customer, admin] = await Promise.all([server.login('customer'), server.login('admin')]);
});
afterAll(() => server.close());

const requireRealName = (realName: 0 | 1) => savePower(server, admin, { realName });
const setStatus = (realnameStatus: number) =>
  server.database.db.update(customers).set({ realnameStatus }).where(eq(customers.username, 'demo'));
const attempts = {
  site: () => ({ path: SITE_PATHS.create, body: { domain: 'gate.realname.test', origins: [] } }),
  zone: () => ({ path: DNS_PATHS.zoneCreate, body: { domain: 'gate-realname.test' } }),
  plan: () => ({ path: PLAN_PATHS.purchase, body: { productId: 1, months: 1 } }),
};
const attempt = async (what: keyof typeof attempts) => {
  const { path, body } = attempts[what]();
  return (await server.call('POST', path, { token: customer, body, lang: 'en' })).body;
};
const GATE = 'Verify your real name first (Account → Real-name verification) to add or buy service';

describe('the real-name gate on the server', () => {
  it('refuses a new or under-review account adding or buying service, and nothing else', async () => {
    await requireRealName(1);
    for (const status of [2, 0]) {
      await setStatus(status);
      for (const what of ['site', 'zone', 'plan'] as const)
        expect(await attempt(what), `${what} at status ${status}`).toMatchObject({ code: 403, msg: GATE });
    }
    // Running the account and what they have goes on.
    const group = await server.call('POST', 'app/site/group/save', {
      token: customer,
      body: { name: 'Gate' },
    });
    expect(group.body.code).toBe(1);
  });

  it('lets a verified customer through, and everyone once real name is not required', async () => {
    await requireRealName(1);
    await setStatus(1);
    expect((await attempt('site')).msg).not.toBe(GATE);
    await setStatus(2);
    await requireRealName(0);
    expect((await attempt('site')).msg).not.toBe(GATE);
  });
});
