import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', token: admin, ...options });

interface Summary {
  id: number;
  username: string;
  enabled: boolean;
}

describe('administrators (sys/account/admin/list, create, status)', () => {
  it('opens an admin account that can sign in, and disabling it ends its sessions at once', async () => {
    const created = await call<Summary>('POST', 'sys/account/admin/create', {
      body: { username: 'ops-admin', password: 'ops-pass-1', mail: 'ops@example.com' },
    });
    expect(created.body.data).toMatchObject({ username: 'ops-admin', enabled: true });
    const ops = await server.login('admin', { username: 'ops-admin', password: 'ops-pass-1' });
    expect((await call('GET', 'sys/account/userinfo', { token: ops })).body.code).toBe(1);

    const list = await call<{ list: Summary[]; totalCount: number }>('GET', 'sys/account/admin/list', {
      query: { keyword: 'ops' },
    });
    expect(list.body.data!.list.map((a) => a.username)).toEqual(['ops-admin']);

    const disabled = await call<Summary>('POST', 'sys/account/admin/status', {
      body: { adminId: created.body.data!.id, enabled: false },
    });
    expect(disabled.body.data!.enabled).toBe(false);
    expect((await call('GET', 'sys/account/userinfo', { token: ops })).body.code).toBe(401);
    await expect(server.login('admin', { username: 'ops-admin', password: 'ops-pass-1' })).rejects.toThrow();

    await call('POST', 'sys/account/admin/status', {
      body: { adminId: created.body.data!.id, enabled: true },
    });
    await server.login('admin', { username: 'ops-admin', password: 'ops-pass-1' });
  });

  it('refuses disabling oneself, a taken username, an unknown id, and customers', async () => {
    const me = await call<{ id: number }>('GET', 'sys/account/userinfo');
    const self = await call('POST', 'sys/account/admin/status', {
      body: { adminId: me.body.data!.id, enabled: false },
    });
    expect(self.body).toMatchObject({
      code: 400,
      msg: 'You cannot disable your own account: ask another administrator',
    });
    const taken = await call('POST', 'sys/account/admin/create', {
      body: { username: 'admin', password: 'x-pass-12' },
    });
    expect(taken.body.msg).toBe('This username is already taken');
    const unknown = await call('POST', 'sys/account/admin/status', {
      body: { adminId: 99999, enabled: false },
    });
    expect(unknown.body).toMatchObject({ code: 404, msg: 'No such administrator' });
    const customer = await server.login('customer');
    expect((await call('GET', 'sys/account/admin/list', { token: customer })).body.code).toBe(403);

    const audit = await call<{ list: { action: string }[] }>('POST', 'sys/log/list', {
      body: { action: 'admin.' },
    });
    expect(audit.body.data!.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['admin.create', 'admin.disable', 'admin.enable']),
    );
  });
});
