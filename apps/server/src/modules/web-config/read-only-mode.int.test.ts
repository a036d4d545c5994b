import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { savePower } from '../../../test/support/web-power';

let server: TestServer;
let customer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  [customer, admin] = await Promise.all([server.login('customer'), server.login('admin')]);
});
afterAll(() => server.close());

const setReadOnly = (disabledCrud: 0 | 1) => savePower(server, admin, { disabledCrud });

describe('power.disabledCrud (read-only demo mode)', () => {
  it("refuses customers' changes while on, keeps reads working, and lets changes through again when off", async () => {
    await setReadOnly(1);
    const save = await server.call('POST', 'app/site/group/save', {
      token: customer,
      body: { name: 'Demo' },
      lang: 'en',
    });
    expect(save.body).toMatchObject({
      code: 403,
      msg: 'The platform is in read-only demo mode: nothing can be added, changed or deleted',
    });
    // A site's settings and URL forwarding are changes to it too.
    for (const path of ['app/site/domain/settings/save', 'app/site/rewrite/save'])
      expect((await server.call('POST', path, { token: customer, body: { id: 1 } })).body.code, path).toBe(
        403,
      );
    const list = await server.call<unknown[]>('POST', 'app/site/group/list', { token: customer, body: {} });
    expect(list.body.code).toBe(1);
    expect(list.body.data).toEqual([]);
    const refused = await server.call('POST', 'app/log/list', { token: customer, body: { kind: 'site' } });
    expect(refused.body.data).toMatchObject({ totalCount: 0 });

    await setReadOnly(0);
    expect(
      (await server.call('POST', 'app/site/group/save', { token: customer, body: { name: 'Demo' } })).body
        .code,
    ).toBe(1);
  });
});
