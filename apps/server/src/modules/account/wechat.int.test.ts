import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechat } from '../../integrations/wechat/testing/fake-wechat';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from './account.schema';

const APP = { appId: 'wx-test-app', appSecret: 'wx-test-secret' };
let fake: Awaited<ReturnType<typeof startFakeWechat>>;
let server: TestServer;
let demo: string;
let other: string;
let admin: string;

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

async function saveConfig(value: Record<string, string>, status: 0 | 1) {
  const answer = await call('POST', 'sys/config/update', {
    token: admin,
    body: { id: 11, paramKey: 'WXLOGIN_CONFIG_KEY', paramValue: JSON.stringify(value), status },
  });
  expect(answer.body.code).toBe(1);
}

/** The state WeChat would carry back: the one in the authorize URL. */
async function authorize(path: string, token?: string) {
  const answer = await call<{ url: string }>('GET', path, { token, query: { console: 'cdn' } });
  expect(answer.body.code).toBe(1);
  const url = new URL(answer.body.data!.url);
  return { url, state: url.searchParams.get('state')! };
}

beforeAll(async () => {
  fake = await startFakeWechat(APP);
  server = await startTestServer({
    env: { WECHAT_OPEN_ENDPOINT: fake.base, WECHAT_API_ENDPOINT: fake.base },
  });
  await server.database.db
    .insert(customers)
    .values({ username: 'other-wx', passwordHash: await hashPassword('other-pass-1') });
  [demo, other, admin] = await Promise.all([
    server.login('customer'),
    server.login('customer', { username: 'other-wx', password: 'other-pass-1' }),
    server.login('admin'),
  ]);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('WeChat binding and login', () => {
  it('says WeChat login is off until an admin switches it on with both keys', async () => {
    const off = await call('GET', 'app/account/bind/wechat/qrcode_v2', { token: demo });
    expect(off.body.msg).toBe(
      'WeChat login is not enabled: ask the administrator to switch it on with its AppID and AppSecret',
    );
    const missing = await call('POST', 'sys/config/update', {
      token: admin,
      body: { id: 11, paramKey: 'WXLOGIN_CONFIG_KEY', paramValue: JSON.stringify({ appId: '' }), status: 1 },
    });
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('AppID');
    await saveConfig(APP, 1);
    const stored = await call<{ paramValue: string }>('GET', 'sys/config/info/11', { token: admin });
    expect(JSON.parse(stored.body.data!.paramValue)).toMatchObject({
      appId: APP.appId,
      appSecret: '',
      appSecretSet: true,
    });
  });

  it('binds the scanned WeChat account to the customer, once across accounts', async () => {
    const { url, state } = await authorize('app/account/bind/wechat/qrcode_v2', demo);
    expect(url.origin + url.pathname).toBe(`${fake.base}/connect/qrconnect`);
    expect(url.searchParams.get('appid')).toBe(APP.appId);
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/cdn/account/info?wechat=bind`);
    expect(url.hash).toBe('#wechat_redirect');

    const code = fake.scan('openid-demo');
    const bound = await call<{ wechat: { nickname: string } | null }>('POST', 'app/account/bind', {
      token: demo,
      body: { code, state },
    });
    expect(bound.body).toMatchObject({
      code: 1,
      msg: 'WeChat bound',
      data: { wechat: { nickname: 'nick-openid-demo' } },
    });
    const info = await call<{ wechat: unknown }>('GET', 'app/account/userinfo', { token: demo });
    expect(info.body.data!.wechat).toEqual({ nickname: 'nick-openid-demo' });

    // The same code again: WeChat codes work once.
    const again = await call('POST', 'app/account/bind', { token: demo, body: { code, state } });
    expect(again.body.msg).toBe('WeChat authorisation failed: 40029 invalid code');

    const theirs = await authorize('app/account/bind/wechat/qrcode_v2', other);
    const taken = await call('POST', 'app/account/bind', {
      token: other,
      body: { code: fake.scan('openid-demo'), state: theirs.state },
    });
    expect(taken.body).toMatchObject({
      code: 409,
      msg: 'This WeChat account is already bound to another account',
    });
  });

  it('refuses a state made for another account, another purpose, or not made here', async () => {
    const mine = await authorize('app/account/bind/wechat/qrcode_v2', demo);
    const invalid = 'The WeChat authorisation has expired or is not valid: scan the code again';
    const stolen = await call('POST', 'app/account/bind', {
      token: other,
      body: { code: fake.scan('openid-x'), state: mine.state },
    });
    expect(stolen.body.msg).toBe(invalid);
    const asLogin = await call('POST', 'app/account/login/wechat', {
      body: { code: fake.scan('openid-demo'), state: mine.state },
    });
    expect(asLogin.body.msg).toBe(invalid);
    const forged = await call('POST', 'app/account/login/wechat', {
      body: { code: fake.scan('openid-demo'), state: 'v1.a.b.c' },
    });
    expect(forged.body.msg).toBe(invalid);
  });

  it('logs the bound customer in by scanning; an unbound WeChat gets a binding ticket', async () => {
    const { url, state } = await authorize('app/account/login/wechat/qrcode');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/login?wechat=login`);
    const login = await call<{ token: string }>('POST', 'app/account/login/wechat', {
      body: { code: fake.scan('openid-demo'), state },
    });
    const token = login.body.data!.token;
    const info = await call<{ username: string }>('GET', 'app/account/userinfo', { token });
    expect(info.body.data!.username).toBe('demo');

    const stranger = await call('POST', 'app/account/login/wechat', {
      body: {
        code: fake.scan('openid-nobody'),
        state: (await authorize('app/account/login/wechat/qrcode')).state,
      },
    });
    expect(stranger.body).toMatchObject({
      code: 1,
      data: { bindingTicket: expect.any(String), expiresIn: 600 },
    });
  });

  it('unbinds, after which the WeChat account no longer logs in', async () => {
    const unbound = await call<{ wechat: unknown }>('POST', 'app/account/unbind/wechat', { token: demo });
    expect(unbound.body.data!.wechat).toBeNull();
    const login = await call('POST', 'app/account/login/wechat', {
      body: {
        code: fake.scan('openid-demo'),
        state: (await authorize('app/account/login/wechat/qrcode')).state,
      },
    });
    expect(login.body.data).toEqual({ bindingTicket: expect.any(String), expiresIn: 600 });
  });

  it('names WeChat’s own refusal, e.g. a wrong AppSecret', async () => {
    await saveConfig({ appId: APP.appId, appSecret: 'wrong-secret' }, 1);
    const { state } = await authorize('app/account/bind/wechat/qrcode_v2', demo);
    const answer = await call('POST', 'app/account/bind', {
      token: demo,
      body: { code: fake.scan('openid-demo'), state },
    });
    expect(answer.body.msg).toBe('WeChat authorisation failed: 40125 invalid appsecret');
    await saveConfig({ appId: APP.appId, appSecret: '' }, 1);
  });
});
