import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { sessions } from '../../platform/auth/auth.schema';
import { hashPassword } from '../../platform/auth/secrets';
import { admins, customers } from '../account/account.schema';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const passwordHash = await hashPassword('list-pass-1');
  await server.database.db.insert(customers).values(
    Array.from({ length: 24 }, (_, i) => ({
      username: `list${String(i).padStart(2, '0')}`,
      mail: `list${i}@corp.test`,
      mobile: `1390000${String(i).padStart(4, '0')}`,
      passwordHash,
    })),
  );
});
afterAll(() => server.close());

interface Page {
  list: Record<string, unknown>[];
  totalCount: number;
  pageSize: number;
  currPage: number;
}

describe('sys/account/userinfo', () => {
  it('answers the admin profile without secrets', async () => {
    const answer = await server.call<Record<string, unknown>>('GET', 'sys/account/userinfo', {
      token: admin,
    });
    expect(answer.body.data).toEqual({
      id: expect.any(Number),
      username: 'admin',
      mail: 'admin@example.com',
      mobile: null,
      googleAuthStatus: false,
      whiteIpStatus: false,
      createTime: expect.any(String),
    });
  });

  it('answers 401 without a token and 403 for a customer', async () => {
    expect((await server.call('GET', 'sys/account/userinfo')).body.code).toBe(401);
    const customer = await server.login('customer');
    expect((await server.call('GET', 'sys/account/userinfo', { token: customer })).body.code).toBe(403);
  });
});

describe('sys/account/user/list', () => {
  it('pages customers, newest first by default', async () => {
    const answer = await server.call<Page>('GET', 'sys/account/user/list', {
      token: admin,
      query: { page: 2, limit: 10 },
    });
    expect(answer.body.code).toBe(1);
    const page = answer.body.data!;
    expect(page).toMatchObject({ totalCount: 25, pageSize: 10, currPage: 2 });
    expect(page.list).toHaveLength(10);
    expect(Object.keys(page.list[0]!).sort()).toEqual(
      [
        'createTime',
        'enabled',
        'googleAuthStatus',
        'mail',
        'maxForceUrl',
        'mobile',
        'note',
        'ownershipWaived',
        'propertyBalance',
        'realnameStatus',
        'unvalidModel',
        'userId',
        'username',
      ].sort(),
    );
    const ids = page.list.map((c) => c.userId as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('searches username, e-mail and mobile, and sorts by username', async () => {
    const search = async (keyword: string, extra: Record<string, string> = {}) =>
      (
        await server.call<Page>('GET', 'sys/account/user/list', {
          token: admin,
          query: { keyword, ...extra },
        })
      ).body.data!;
    expect((await search('list1')).totalCount).toBe(10 + 1); // list10..list19, list1@ (list01 is "list01")
    expect((await search('demo@EXAMPLE')).list.map((c) => c.username)).toEqual(['demo']);
    expect((await search('13900000023')).list.map((c) => c.username)).toEqual(['list23']);
    expect((await search('%')).totalCount).toBe(0);
    const sorted = await search('list', { sidx: 'username', order: 'asc', limit: '3' });
    expect(sorted.list.map((c) => c.username)).toEqual(['list00', 'list01', 'list02']);
  });

  it('refuses bad paging naming the field, 401 without a token and 403 for a customer', async () => {
    const bad = await server.call('GET', 'sys/account/user/list', {
      token: admin,
      query: { limit: 500 },
      lang: 'en',
    });
    expect(bad.body).toEqual({ code: 400, msg: 'Page size must be at most 200' });
    expect((await server.call('GET', 'sys/account/user/list')).body.code).toBe(401);
    const customer = await server.login('customer');
    expect((await server.call('GET', 'sys/account/user/list', { token: customer })).body.code).toBe(403);
  });
});

describe('sys/account/user/login-as', () => {
  it('opens a customer session marked with the admin, audited', async () => {
    const [demo] = await server.database.db.select().from(customers).where(eq(customers.username, 'demo'));
    const answer = await server.call<{ token: string }>('POST', 'sys/account/user/login-as', {
      token: admin,
      body: { userId: demo!.id },
    });
    expect(answer.body.code).toBe(1);
    const token = answer.body.data!.token;
    const info = await server.call<{ username: string }>('GET', 'app/account/userinfo', { token });
    expect(info.body.data!.username).toBe('demo');
    // It is a customer session: it does not open sys/.
    expect((await server.call('GET', 'sys/account/userinfo', { token })).body.code).toBe(403);

    const marked = await server.database.db.select().from(sessions).where(eq(sessions.principalId, demo!.id));
    expect(
      marked.filter((s) => s.principalKind === 'customer' && s.impersonatorAdminId !== null),
    ).toHaveLength(1);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.login_as'));
    expect(audit).toMatchObject({ actorKind: 'admin', target: `customer:${demo!.id}`, success: true });

    // What the admin does as the customer is attributed to the admin too.
    await server.call('POST', 'app/account/whiteip/save', {
      token,
      body: { whiteIpStatus: false, whiteIps: [] },
    });
    const [change] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'whiteip.update'));
    expect(change!.detail).toMatchObject({ impersonatorAdminId: audit!.actorId });
  });

  it('refuses an unknown or disabled customer, bad input, no token and a customer token', async () => {
    const unknown = await server.call('POST', 'sys/account/user/login-as', {
      token: admin,
      body: { userId: 999999 },
      lang: 'en',
    });
    expect(unknown.body).toEqual({ code: 404, msg: 'No such customer' });
    const [row] = await server.database.db.select().from(customers).where(eq(customers.username, 'list05'));
    await server.database.db.update(customers).set({ enabled: false }).where(eq(customers.id, row!.id));
    expect(
      (await server.call('POST', 'sys/account/user/login-as', { token: admin, body: { userId: row!.id } }))
        .body.code,
    ).toBe(403);
    const [refusal] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.login_as'), eq(auditLog.success, false)));
    expect(refusal).toMatchObject({
      actorKind: 'admin',
      target: `customer:${row!.id}`,
      detail: { reason: 'disabled' },
    });
    const bad = await server.call('POST', 'sys/account/user/login-as', {
      token: admin,
      body: { userId: 'x' },
      lang: 'en',
    });
    expect(bad.body).toEqual({ code: 400, msg: 'User ID cannot be empty' });
    expect((await server.call('POST', 'sys/account/user/login-as', { body: { userId: 1 } })).body.code).toBe(
      401,
    );
    const customer = await server.login('customer');
    expect(
      (await server.call('POST', 'sys/account/user/login-as', { token: customer, body: { userId: 1 } })).body
        .code,
    ).toBe(403);
  });
});

describe('customer management (sys/account/user/status, update, totp/reset)', () => {
  const idOf = async (username: string) =>
    (await server.database.db.select().from(customers).where(eq(customers.username, username)))[0]!.id;

  it('disables a customer who is logged in: their next call answers 401 and they cannot log in', async () => {
    const [id] = [await idOf('demo')];
    const token = await server.login('customer');
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(1);
    const off = await server.call('POST', 'sys/account/user/status', {
      token: admin,
      body: { userIds: [id], enabled: false },
    });
    expect(off.body).toMatchObject({ code: 1, data: { changed: 1 } });
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(401);
    await expect(server.login('customer')).rejects.toThrow();
    await server.call('POST', 'sys/account/user/status', {
      token: admin,
      body: { userIds: [id], enabled: true },
    });
    expect(
      (await server.call('GET', 'app/account/userinfo', { token: await server.login('customer') })).body.code,
    ).toBe(1);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.disable'));
    expect(audit).toMatchObject({ actorKind: 'admin', target: `customer:${id}` });
  });

  it('changes all or none: an unknown id among them answers 404 and nobody is disabled', async () => {
    const id = await idOf('list01');
    const answer = await server.call('POST', 'sys/account/user/status', {
      token: admin,
      lang: 'en',
      body: { userIds: [id, 999999], enabled: false },
    });
    expect(answer.body).toEqual({ code: 404, msg: 'No such customer' });
    const [row] = await server.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.enabled).toBe(true);
  });

  it('edits contact details and the note, refusing one bound to another account', async () => {
    const id = await idOf('list02');
    const edit = (body: object) =>
      server.call<Record<string, unknown>>('POST', 'sys/account/user/update', {
        token: admin,
        lang: 'en',
        body,
      });
    // E-mails are kept in lower case: login and the uniqueness check read them in any case.
    const saved = await edit({ userId: id, mail: ' New@Corp.test ', mobile: '', note: 'VIP since 2024' });
    expect(saved.body.data).toMatchObject({ mail: 'new@corp.test', mobile: null, note: 'VIP since 2024' });
    expect((await edit({ userId: id, mail: 'list3@corp.test' })).body).toEqual({
      code: 409,
      msg: 'This e-mail is already bound to an account',
    });
    expect((await edit({ userId: id, mobile: '123' })).body.msg).toBe('Mobile number format error');
    expect((await edit({ userId: 999999 })).body.code).toBe(404);
  });

  it('resets two-factor authentication', async () => {
    const id = await idOf('list04');
    await server.database.db
      .update(customers)
      .set({ googleAuthStatus: true, googleAuthSecret: 'SECRET' })
      .where(eq(customers.id, id));
    const reset = await server.call('POST', 'sys/account/user/totp/reset', {
      token: admin,
      body: { userId: id },
    });
    expect(reset.body).toMatchObject({ code: 1, data: { googleAuthStatus: false } });
    const [row] = await server.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.googleAuthSecret).toBeNull();
  });

  it('opens an account that logs in, refusing a taken username naming it', async () => {
    const create = (body: object) =>
      server.call<Record<string, unknown>>('POST', 'sys/account/user/create', {
        token: admin,
        lang: 'en',
        body,
      });
    const made = await create({ username: 'opened01', password: 'opened-pass-1', mail: 'opened@corp.test' });
    expect(made.body.data).toMatchObject({ username: 'opened01', mail: 'opened@corp.test', enabled: true });
    expect(await server.login('customer', { username: 'opened01', password: 'opened-pass-1' })).toBeTruthy();
    expect((await create({ username: 'opened01', password: 'opened-pass-1' })).body).toEqual({
      code: 409,
      msg: 'This username is already taken',
    });
    expect((await create({ username: 'x', password: 'opened-pass-1' })).body.code).toBe(400);
  });

  it('resets a password: old sessions and the old password stop working, the customer is told', async () => {
    await server.call('POST', 'sys/account/user/create', {
      token: admin,
      body: { username: 'forgetful', password: 'old-pass-1' },
    });
    const id = await idOf('forgetful');
    const before = await server.login('customer', { username: 'forgetful', password: 'old-pass-1' });
    const reset = await server.call<{ password: string }>('POST', 'sys/account/user/password/reset', {
      token: admin,
      body: { userId: id },
    });
    const password = reset.body.data!.password;
    expect(password).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect((await server.call('GET', 'app/account/userinfo', { token: before })).body.code).toBe(401);
    await expect(
      server.login('customer', { username: 'forgetful', password: 'old-pass-1' }),
    ).rejects.toThrow();
    const after = await server.login('customer', { username: 'forgetful', password });
    const letters = await server.call<{ list: { title: string; content: string }[] }>(
      'POST',
      'app/account/message/list',
      { token: after, body: { page: 1, limit: 10 } },
    );
    expect(letters.body.data!.list[0]!.title).toMatch(/密码已被重置|password was reset/);
    expect(JSON.stringify(letters.body.data)).not.toContain(password);
  });

  it('is for admins: 401 without a token, 403 with a customer token', async () => {
    const customer = await server.login('customer');
    for (const token of [undefined, customer]) {
      const answer = await server.call('POST', 'sys/account/user/status', {
        token,
        body: { userIds: [1], enabled: false },
      });
      expect(answer.body.code).toBe(token ? 403 : 401);
    }
  });
});

describe('sys/account/whiteip', () => {
  it('reads and saves the admin’s own login white list, audited', async () => {
    const token = await server.login('admin');
    const initial = await server.call('GET', 'sys/account/whiteip', { token });
    expect(initial.body).toEqual({
      code: 1,
      msg: '操作成功',
      data: { whiteIpStatus: false, whiteIps: [], currentIp: '127.0.0.1' },
    });
    const lockout = await server.call('POST', 'sys/account/whiteip/save', {
      token,
      lang: 'en',
      body: { whiteIpStatus: true, whiteIps: ['198.51.100.0/24'] },
    });
    expect(lockout.body).toEqual({
      code: 400,
      msg: 'Your current IP (127.0.0.1) is not in the list: turning this on would lock you out. Add it first',
    });
    const saved = await server.call('POST', 'sys/account/whiteip/save', {
      token,
      lang: 'en',
      body: { whiteIpStatus: true, whiteIps: ['198.51.100.0/24', '127.0.0.1'] },
    });
    expect(saved.body).toEqual({
      code: 1,
      msg: 'Saved successfully',
      data: { whiteIpStatus: true, whiteIps: ['198.51.100.0/24', '127.0.0.1'], currentIp: '127.0.0.1' },
    });
    const [row] = await server.database.db.select().from(admins).where(eq(admins.username, 'admin'));
    expect(row).toMatchObject({ whiteIpStatus: true, whiteIps: ['198.51.100.0/24', '127.0.0.1'] });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whiteip.update'), eq(auditLog.actorKind, 'admin')));
    expect(audit).toMatchObject({ actorKind: 'admin', actorId: row!.id, target: `admin:${row!.id}` });
    // The customer's own list is a different one.
    const customer = await server.login('customer');
    const customerList = await server.call('GET', 'app/account/whiteip', { token: customer });
    expect(customerList.body.data).toMatchObject({ whiteIpStatus: false, whiteIps: [] });

    await server.call('POST', 'sys/account/whiteip/save', {
      token,
      body: { whiteIpStatus: false, whiteIps: [] },
    });
  });

  it('answers 401 without a token and 403 for a customer token, and changes nothing', async () => {
    const body = { whiteIpStatus: true, whiteIps: ['127.0.0.1'] };
    expect((await server.call('GET', 'sys/account/whiteip')).body.code).toBe(401);
    expect((await server.call('POST', 'sys/account/whiteip/save', { body })).body.code).toBe(401);
    const customer = await server.login('customer');
    expect((await server.call('GET', 'sys/account/whiteip', { token: customer })).body.code).toBe(403);
    expect((await server.call('POST', 'sys/account/whiteip/save', { token: customer, body })).body.code).toBe(
      403,
    );
    const [row] = await server.database.db.select().from(admins).where(eq(admins.username, 'admin'));
    expect(row!.whiteIpStatus).toBe(false);
  });
});

describe('hidden modules and the forced-redirect limit (unvalidModel, maxForceUrl)', () => {
  interface Module {
    path: string;
    title: string;
    group: string | null;
    console: string;
  }

  it('lists the customer consoles’ pages, and hides the chosen ones from that customer only', async () => {
    const modules = await server.call<{ list: Module[] }>('GET', 'sys/account/user/modules', {
      token: admin,
    });
    const list = modules.body.data!.list;
    expect(list).toContainEqual({
      path: '/cdn/stream',
      title: 'menu.streamList',
      group: 'menu.stream',
      console: 'cdn',
    });
    expect(list.some((m) => m.console === 'dns' && m.path === '/domain/list')).toBe(true);
    expect(list.some((m) => m.path === '/cdn/work-order/submit/step-2')).toBe(false);

    const [demo] = await server.database.db.select().from(customers).where(eq(customers.username, 'demo'));
    const updated = await server.call<Record<string, unknown>>('POST', 'sys/account/user/update', {
      token: admin,
      body: { userId: demo!.id, note: '', unvalidModel: ['/cdn/stream', '/cdn/stream'], maxForceUrl: 5 },
    });
    expect(updated.body.data).toMatchObject({ unvalidModel: ['/cdn/stream'], maxForceUrl: 5 });

    const customer = await server.login('customer');
    const info = await server.call<{ unvalidModel: string[]; userModuleVo: { maxForceUrl: number } }>(
      'GET',
      'app/account/userinfo',
      { token: customer },
    );
    expect(info.body.data).toMatchObject({ unvalidModel: ['/cdn/stream'], userModuleVo: { maxForceUrl: 5 } });
    const nav = await server.call<{ list: { path: string }[] }>('GET', 'app/menu/nav', {
      token: customer,
      query: { product: 'cdn' },
    });
    const paths = nav.body.data!.list.map((n) => n.path);
    expect(paths).not.toContain('/cdn/stream');
    expect(paths).toContain('/cdn/site/domain/list');

    // Left out, they stay as they are.
    const contactOnly = await server.call<Record<string, unknown>>('POST', 'sys/account/user/update', {
      token: admin,
      body: { userId: demo!.id, note: 'kept' },
    });
    expect(contactOnly.body.data).toMatchObject({ unvalidModel: ['/cdn/stream'], maxForceUrl: 5 });
    await server.call('POST', 'sys/account/user/update', {
      token: admin,
      body: { userId: demo!.id, note: '', unvalidModel: [], maxForceUrl: 0 },
    });
  });

  it('refuses a path that is not a customer page, naming the field', async () => {
    const [demo] = await server.database.db.select().from(customers).where(eq(customers.username, 'demo'));
    const answer = await server.call('POST', 'sys/account/user/update', {
      token: admin,
      lang: 'en',
      body: { userId: demo!.id, note: '', unvalidModel: ['/system/backup'] },
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain('Hidden modules');
  });
});
