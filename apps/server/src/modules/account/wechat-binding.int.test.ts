import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechat } from '../../integrations/wechat/testing/fake-wechat';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { oneTimeTokens } from '../../platform/auth/auth.schema';
import { sysConfig } from '../config/config.schema';
import { customers } from './account.schema';
import { solveCaptcha } from './account.test-support';

const APP = { appId: 'wx-test-app', appSecret: 'wx-test-secret' };
const INVALID = 'This binding link has expired or has been used: go back to sign in and scan again';
let fake: Awaited<ReturnType<typeof startFakeWechat>>;
let server: TestServer;

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

/** Scans `openid` on the login QR page: what the login page posts when WeChat sends it back. */
async function scanToLogin(openid: string) {
  const authorize = await call<{ url: string }>('GET', 'app/account/login/wechat/qrcode');
  const state = new URL(authorize.body.data!.url).searchParams.get('state')!;
  return call<{ token?: string; bindingTicket?: string; expiresIn?: number }>(
    'POST',
    'app/account/login/wechat',
    { body: { code: fake.scan(openid), state } },
  );
}
async function ticketFor(openid: string) {
  const answer = await scanToLogin(openid);
  expect(answer.body.data).toEqual({ bindingTicket: expect.any(String), expiresIn: 600 });
  return answer.body.data!.bindingTicket!;
}
async function registerCode(mail: string) {
  const sent = await call('POST', 'app/account/code/send', {
    body: { channel: 'mail', target: mail, purpose: 'register', ...(await solveCaptcha(server)) },
  });
  expect(sent.body.code).toBe(1);
  return server.sentCodes.at(-1)!.code;
}
const bindWithPassword = async (ticket: string, username: string, password: string) =>
  call<{ token: string }>('POST', 'app/account/login/wechat/bind', {
    body: { ticket, username, password, ...(await solveCaptcha(server)) },
  });
async function whoIs(token: string) {
  const info = await call<{ username: string; wechat: { nickname: string } | null }>(
    'GET',
    'app/account/userinfo',
    { token },
  );
  return info.body.data!;
}
async function setPower(value: Record<string, unknown>) {
  await server.database.db.delete(sysConfig).where(eq(sysConfig.paramKey, 'power'));
  await server.database.db.insert(sysConfig).values({ paramKey: 'power', paramValue: JSON.stringify(value) });
}

beforeAll(async () => {
  fake = await startFakeWechat(APP);
  server = await startTestServer({
    captureCodes: true,
    env: { WECHAT_OPEN_ENDPOINT: fake.base, WECHAT_API_ENDPOINT: fake.base },
  });
  const admin = await server.login('admin');
  const saved = await call('POST', 'sys/config/update', {
    token: admin,
    body: { id: 11, paramKey: 'WXLOGIN_CONFIG_KEY', paramValue: JSON.stringify(APP), status: 1 },
  });
  expect(saved.body.code).toBe(1);
  await server.database.db.insert(customers).values([
    { username: 'binder', passwordHash: await hashPassword('binder-pass-1') },
    { username: 'throttled', passwordHash: await hashPassword('throttled-pass-1') },
    { username: 'disabled-wx', passwordHash: await hashPassword('disabled-pass-1'), enabled: false },
  ]);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('register-binding after an unbound WeChat scan', () => {
  it('hands out a ticket, kept hashed with the WeChat identity on the server, never the openid', async () => {
    const answer = await scanToLogin('openid-new');
    const ticket = answer.body.data!.bindingTicket!;
    expect(JSON.stringify(answer.body)).not.toContain('openid-new');
    const rows = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.purpose, 'wechat_binding'));
    expect(rows.at(-1)!.tokenHash).not.toBe(ticket);
    expect(rows.at(-1)!.payload).toEqual({ openid: 'openid-new', nickname: 'nick-openid-new' });

    const info = await call('GET', 'app/account/login/wechat/ticket', { query: { ticket } });
    expect(info.body).toMatchObject({ code: 1, data: { nickname: 'nick-openid-new' } });
    const unknown = await call('GET', 'app/account/login/wechat/ticket', { query: { ticket: 'nope' } });
    expect(unknown.body).toEqual({ code: 400, msg: INVALID });
  });

  it('creates a new account bound to the scan and signs it in; the ticket then works no more', async () => {
    const ticket = await ticketFor('openid-fresh');
    const body = { ticket, username: 'wxfresh', password: 'fresh-pass-1', mail: 'fresh@wx.example' };
    const code = await registerCode('fresh@wx.example');
    const wrong = await call('POST', 'app/account/login/wechat/register', {
      body: { ...body, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.msg).toBe('The verification code is wrong or has expired');

    const created = await call<{ token: string }>('POST', 'app/account/login/wechat/register', {
      body: { ...body, code },
    });
    expect(created.body).toMatchObject({ code: 1, msg: 'WeChat bound, you are signed in' });
    expect(await whoIs(created.body.data!.token)).toMatchObject({
      username: 'wxfresh',
      wechat: { nickname: 'nick-openid-fresh' },
    });
    // The next scan signs straight in.
    expect((await scanToLogin('openid-fresh')).body.data).toEqual({ token: expect.any(String) });

    const reused = await call('POST', 'app/account/login/wechat/register', {
      body: {
        ...body,
        username: 'wxfresh2',
        mail: 'fresh2@wx.example',
        code: await registerCode('fresh2@wx.example'),
      },
    });
    expect(reused.body).toEqual({ code: 400, msg: INVALID });
  });

  it('follows the registration switches when creating', async () => {
    const ticket = await ticketFor('openid-closed');
    await setPower({ register: 0, registerCommon: 0 });
    try {
      const refused = await call('POST', 'app/account/login/wechat/register', {
        body: {
          ticket,
          username: 'wxclosed',
          password: 'closed-pass-1',
          mail: 'c@wx.example',
          code: '123456',
        },
      });
      expect(refused.body.code).toBe(403);
    } finally {
      await setPower({ register: 0, registerCommon: 1 });
    }
    // Binding an existing account stays possible.
    expect((await call('GET', 'app/account/login/wechat/ticket', { query: { ticket } })).body.code).toBe(1);
  });

  it('binds an existing account by its password; a wrong password leaves the ticket usable', async () => {
    const ticket = await ticketFor('openid-binder');
    const wrong = await bindWithPassword(ticket, 'binder', 'not-the-password');
    expect(wrong.body).toEqual({ code: 400, msg: 'Login failed: wrong username or password' });
    const bound = await bindWithPassword(ticket, 'binder', 'binder-pass-1');
    expect(bound.body.code).toBe(1);
    expect(await whoIs(bound.body.data!.token)).toMatchObject({
      username: 'binder',
      wechat: { nickname: 'nick-openid-binder' },
    });
    expect((await bindWithPassword(ticket, 'binder', 'binder-pass-1')).body).toEqual({
      code: 400,
      msg: INVALID,
    });
    // An account with a WeChat already keeps it.
    const another = await bindWithPassword(await ticketFor('openid-second'), 'binder', 'binder-pass-1');
    expect(another.body).toEqual({
      code: 409,
      msg: 'This account is already bound to another WeChat account: unbind it in Account info first',
    });
  });

  it('refuses a WeChat bound elsewhere meanwhile, and an expired ticket', async () => {
    const ticket = await ticketFor('openid-race');
    await server.database.db
      .update(customers)
      .set({ wechatOpenid: 'openid-race' })
      .where(eq(customers.username, 'demo'));
    const raced = await bindWithPassword(ticket, 'throttled', 'throttled-pass-1');
    expect(raced.body).toEqual({ code: 409, msg: 'This WeChat account is already bound to another account' });

    const late = await ticketFor('openid-late');
    await server.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'wechat_binding'));
    expect((await call('GET', 'app/account/login/wechat/ticket', { query: { ticket: late } })).body.msg).toBe(
      INVALID,
    );
    expect((await bindWithPassword(late, 'throttled', 'throttled-pass-1')).body.msg).toBe(INVALID);
  });

  it('binds nothing to a disabled account', async () => {
    const refused = await bindWithPassword(
      await ticketFor('openid-disabled'),
      'disabled-wx',
      'disabled-pass-1',
    );
    expect(refused.body.code).toBe(403);
    const [row] = await server.database.db
      .select({ wechatOpenid: customers.wechatOpenid })
      .from(customers)
      .where(eq(customers.username, 'disabled-wx'));
    expect(row!.wechatOpenid).toBeNull();
  });

  it('throttles password tries like the login does', async () => {
    const ticket = await ticketFor('openid-throttle');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await bindWithPassword(ticket, 'throttled', 'wrong')).body);
    expect(answers.slice(0, 5).every((a) => a.code === 400)).toBe(true);
    expect(answers[5]).toMatchObject({ code: 429 });
  });
});
