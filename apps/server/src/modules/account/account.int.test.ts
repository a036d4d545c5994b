import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { attemptThrottles, oneTimeTokens } from '../../platform/auth/auth.schema';
import { customers } from './account.schema';
import { customerRow, tryLogin } from './account.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.delete(attemptThrottles);
});

const USER_INFO_KEYS = [
  'createTime',
  'userId',
  'username',
  'mail',
  'mobile',
  'googleAuthStatus',
  'note',
  'propertyBalance',
  'propertyScore',
  'realnameStatus',
  'realnameCertificateid',
  'realnameCertificatetype',
  'realnameName',
  'unvalidModel',
  'whiteIpStatus',
  'userModuleVo',
  // Beyond spec §3: which WeChat account is bound (its nickname), never its openid.
  'wechat',
].sort();

describe('userinfo', () => {
  it('answers exactly the spec §3 fields and never a secret', async () => {
    await server.database.db
      .update(customers)
      .set({
        googleAuthSecret: 'JBSWY3DPEHPK3PXP',
        propertyBalance: 12345,
        unvalidModel: ['/cdn/stream'],
        maxForceUrl: 7,
      })
      .where(eq(customers.username, CUSTOMER.username));
    const token = await server.login('customer');
    const answer = await server.call<Record<string, unknown>>('GET', 'app/account/userinfo', { token });
    expect(answer.body.code).toBe(1);
    const info = answer.body.data!;
    expect(Object.keys(info).sort()).toEqual(USER_INFO_KEYS);
    expect(info).toMatchObject({
      username: 'demo',
      mail: 'demo@example.com',
      mobile: '13800000000',
      googleAuthStatus: false,
      propertyBalance: 12345,
      realnameStatus: 2,
      unvalidModel: ['/cdn/stream'],
      whiteIpStatus: false,
      userModuleVo: { maxForceUrl: 7 },
      wechat: null,
    });
    expect(new Date(info.createTime as string).toISOString()).toBe(info.createTime);
    const text = JSON.stringify(answer.body);
    const row = await customerRow(server, CUSTOMER.username);
    for (const secret of [
      'JBSWY3DPEHPK3PXP',
      row.passwordHash,
      'password',
      'googleAuthSecret',
      'payPassword',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 401 without or with a dead token, 403 with an admin token', async () => {
    expect((await server.call('GET', 'app/account/userinfo')).body.code).toBe(401);
    expect((await server.call('GET', 'app/account/userinfo', { token: 'not-a-token' })).body.code).toBe(401);
    const admin = await server.login('admin');
    expect((await server.call('GET', 'app/account/userinfo', { token: admin })).body.code).toBe(403);
  });
});

describe('change password', () => {
  it.each([
    ['app', 'customer', CUSTOMER.password],
    ['sys', 'admin', 'admin-pass-1'],
  ] as const)(
    'on %s/: old one must be right; other sessions end, this one stays',
    async (scope, kind, password) => {
      const other = await server.login(kind);
      const token = await server.login(kind);
      const wrong = await server.call('POST', `${scope}/account/changepwd`, {
        token,
        body: { oldPassword: 'nope', newPassword: 'changed-1' },
        lang: 'en',
      });
      expect(wrong.body).toEqual({ code: 400, msg: 'The old password is wrong' });
      const bad = await server.call('POST', `${scope}/account/changepwd`, {
        token,
        body: { oldPassword: password, newPassword: 'ab' },
        lang: 'en',
      });
      expect(bad.body).toEqual({
        code: 400,
        msg: 'New password: Password must be 4-30 characters without Chinese',
      });
      const tooLong = await server.call('POST', `${scope}/account/changepwd`, {
        token,
        body: { oldPassword: password, newPassword: 'x'.repeat(31) },
      });
      expect(tooLong.body.code).toBe(400);

      const changed = await server.call('POST', `${scope}/account/changepwd`, {
        token,
        body: { oldPassword: password, newPassword: 'changed-1' },
        lang: 'en',
      });
      expect(changed.body).toEqual({ code: 1, msg: 'Password changed' });
      expect((await server.call('GET', `${scope}/account/userinfo`, { token })).body.code).toBe(1);
      expect((await server.call('GET', `${scope}/account/userinfo`, { token: other })).body.code).toBe(401);
      const username = kind === 'admin' ? 'admin' : 'demo';
      expect((await tryLogin(server, scope, username, 'changed-1')).body.code).toBe(1);
      // Put it back for the other tests.
      await server.call('POST', `${scope}/account/changepwd`, {
        token,
        body: { oldPassword: 'changed-1', newPassword: password },
      });
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'password.change'));
      expect(audit.filter((a) => a.actorKind === kind && a.success)).toHaveLength(2);
      expect(JSON.stringify(audit)).not.toContain('changed-1');
    },
  );

  it('needs a token, and a customer token is refused on sys/', async () => {
    const body = { oldPassword: 'a', newPassword: 'bbbb' };
    expect((await server.call('POST', 'app/account/changepwd', { body })).body.code).toBe(401);
    const token = await server.login('customer');
    expect((await server.call('POST', 'sys/account/changepwd', { token, body })).body.code).toBe(403);
  });
});

describe('login white IP', () => {
  it('reads and saves the list; refuses entries that are not IPs and a list that locks the caller out', async () => {
    const token = await server.login('customer');
    const initial = await server.call('GET', 'app/account/whiteip', { token });
    expect(initial.body.data).toEqual({ whiteIpStatus: false, whiteIps: [], currentIp: '127.0.0.1' });

    const save = (body: unknown) =>
      server.call('POST', 'app/account/whiteip/save', { token, body, lang: 'en' });
    expect((await save({ whiteIpStatus: false, whiteIps: ['1.2.3.4', 'bad-ip'] })).body).toEqual({
      code: 400,
      msg: 'Not an IP address or CIDR range: bad-ip',
    });
    expect((await save({ whiteIpStatus: true, whiteIps: [] })).body.msg).toBe(
      'Add at least one IP before turning the login white list on',
    );
    expect((await save({ whiteIpStatus: true, whiteIps: ['203.0.113.0/24'] })).body).toEqual({
      code: 400,
      msg: 'Your current IP (127.0.0.1) is not in the list: turning this on would lock you out. Add it first',
    });
    expect((await save({ whiteIpStatus: 'yes', whiteIps: [] })).body).toEqual({
      code: 400,
      msg: 'Login white list switch is invalid',
    });
    expect((await customerRow(server, CUSTOMER.username)).whiteIps).toEqual([]);

    const saved = await save({
      whiteIpStatus: true,
      whiteIps: ['203.0.113.0/24', '127.0.0.0/8', '127.0.0.0/8 '],
    });
    expect(saved.body).toEqual({
      code: 1,
      msg: 'Saved successfully',
      data: { whiteIpStatus: true, whiteIps: ['203.0.113.0/24', '127.0.0.0/8'], currentIp: '127.0.0.1' },
    });
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.data).toMatchObject({
      whiteIpStatus: true,
    });
    expect((await tryLogin(server, 'app', 'demo', CUSTOMER.password)).body.code).toBe(1);
    expect(
      (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'whiteip.update'))).length,
    ).toBe(1);
    // Switching it off needs no check.
    expect((await save({ whiteIpStatus: false, whiteIps: ['203.0.113.0/24'] })).body.code).toBe(1);
  });

  it('needs a token', async () => {
    expect((await server.call('GET', 'app/account/whiteip')).body.code).toBe(401);
    expect(
      (
        await server.call('POST', 'app/account/whiteip/save', {
          body: { whiteIpStatus: false, whiteIps: [] },
        })
      ).body.code,
    ).toBe(401);
  });
});

describe('access_token exchange', () => {
  it('refuses the token of a customer disabled since it was issued, audited', async () => {
    const token = await server.login('customer');
    const issued = await server.call<{ accessToken: string }>('POST', 'app/account/access/token', {
      token,
    });
    await server.database.db.update(customers).set({ enabled: false }).where(eq(customers.username, 'demo'));
    try {
      const refused = await server.call('GET', 'app/account/access/login', {
        query: { access_token: issued.body.data!.accessToken },
        lang: 'en',
      });
      expect(refused.body.code).toBe(403);
      expect(refused.body.token).toBeUndefined();
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'token.exchange'));
      expect(audit).toMatchObject({
        actorKind: 'customer',
        success: false,
        ip: '127.0.0.1',
        detail: { reason: 'disabled' },
      });
    } finally {
      await server.database.db.update(customers).set({ enabled: true }).where(eq(customers.username, 'demo'));
      await server.database.db.delete(auditLog).where(eq(auditLog.action, 'token.exchange'));
    }
  });

  it('issues a 2-minute token that opens one session, once', async () => {
    const token = await server.login('customer');
    const issued = await server.call<{ accessToken: string; expiresIn: number }>(
      'POST',
      'app/account/access/token',
      { token },
    );
    expect(issued.body.data).toEqual({ accessToken: expect.any(String), expiresIn: 120 });
    const accessToken = issued.body.data!.accessToken;
    const [row] = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.purpose, 'access_token'));
    expect(row!.tokenHash).not.toBe(accessToken);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(121_000);

    const exchanged = await server.call('GET', 'app/account/access/login', {
      query: { access_token: accessToken },
    });
    expect(exchanged.body).toMatchObject({ code: 1, token: expect.any(String), user: { username: 'demo' } });
    expect(exchanged.body.data).toBeUndefined();
    expect(JSON.stringify(exchanged.body)).not.toContain('passwordHash');
    const session = exchanged.body.token as string;
    expect((await server.call('GET', 'app/account/userinfo', { token: session })).body.code).toBe(1);

    const again = await server.call('GET', 'app/account/access/login', {
      query: { access_token: accessToken },
      lang: 'en',
    });
    expect(again.body).toEqual({
      code: 400,
      msg: 'The access token is invalid or has expired, please log in',
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'token.exchange'));
    expect(audit.map((a) => a.success)).toEqual([true, false]);
  });

  it('refuses an expired token, a missing one, and issuing without a customer token', async () => {
    const token = await server.login('customer');
    const issued = await server.call<{ accessToken: string }>('POST', 'app/account/access/token', {
      token,
    });
    await server.database.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await server.call('GET', 'app/account/access/login', {
      query: { access_token: issued.body.data!.accessToken },
    });
    expect(expired.body.code).toBe(400);
    const missing = await server.call('GET', 'app/account/access/login', { lang: 'en' });
    expect(missing.body).toEqual({ code: 400, msg: 'Access token cannot be empty' });
    expect((await server.call('POST', 'app/account/access/token')).body.code).toBe(401);
    const admin = await server.login('admin');
    expect((await server.call('POST', 'app/account/access/token', { token: admin })).body.code).toBe(403);
  });
});
