import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { captchas, attemptThrottles, sessions } from '../../platform/auth/auth.schema';
import { admins, customers } from './account.schema';
import { solveCaptcha, tryLogin } from './account.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Every request comes from 127.0.0.1: start each test with no failures counted against it.
beforeEach(async () => {
  await server.database.db.delete(attemptThrottles);
});

describe('captcha', () => {
  it('answers a JPEG image (no glyph outlines to read back) and stores a 5-minute answer', async () => {
    const uuid = crypto.randomUUID();
    const response = await fetch(`${server.baseUrl}/api/app/account/kaptcha.jpg?uuid=${uuid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.includes('<svg')).toBe(false);
    const [row] = await server.database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
    expect(row!.answer).toHaveLength(4);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(301_000);
  });

  it('refuses a missing or malformed uuid, naming the field', async () => {
    const answer = await server.call('GET', 'sys/account/kaptcha.jpg', {
      query: { uuid: 'nope' },
      lang: 'en',
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain('Captcha id');
  });
});

describe('login', () => {
  it('logs a customer in by username, e-mail or mobile, and the token opens app/ but not sys/', async () => {
    for (const username of [CUSTOMER.username, 'DEMO@example.com', '13800000000']) {
      const answer = await tryLogin(server, 'app', username, CUSTOMER.password);
      expect(answer.body.code, username).toBe(1);
      expect(answer.body.data!.token).toEqual(expect.any(String));
    }
    const token = (await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.data!.token!;
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(1);
    expect((await server.call('GET', 'sys/account/userinfo', { token })).body.code).toBe(403);
  });

  it('logs an admin in on sys/ only; customer credentials do not work there', async () => {
    const answer = await tryLogin(server, 'sys', ADMIN.username, ADMIN.password);
    expect(answer.body.code).toBe(1);
    expect(
      (await server.call('GET', 'app/account/userinfo', { token: answer.body.data!.token! })).body.code,
    ).toBe(403);
    expect((await tryLogin(server, 'sys', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(400);
    expect((await tryLogin(server, 'app', ADMIN.username, ADMIN.password)).body.code).toBe(400);
  });

  it('gives the same message for an unknown user and a wrong password, in the request language', async () => {
    const unknown = await tryLogin(server, 'app', 'nobody-here', 'whatever', 'en');
    const wrong = await tryLogin(server, 'app', CUSTOMER.username, 'wrong-password', 'en');
    expect(unknown.body).toEqual({ code: 400, msg: 'Login failed: wrong username or password' });
    expect(wrong.body).toEqual(unknown.body);
    const cn = await tryLogin(server, 'app', CUSTOMER.username, 'wrong-password');
    expect(cn.body.msg).toBe('登录失败，用户名或密码错误');
  });

  it('refuses a wrong captcha, and a captcha is used up by any attempt', async () => {
    const solved = await solveCaptcha(server);
    const wrong = await server.call('POST', 'app/account/login', {
      body: { username: CUSTOMER.username, password: CUSTOMER.password, uuid: solved.uuid, captcha: 'zzzz' },
      lang: 'en',
    });
    expect(wrong.body).toEqual({ code: 400, msg: 'Captcha incorrect' });
    // The right answer no longer works: the wrong attempt consumed it.
    const retry = await server.call('POST', 'app/account/login', {
      body: { username: CUSTOMER.username, password: CUSTOMER.password, ...solved },
    });
    expect(retry.body.code).toBe(400);

    const fresh = await solveCaptcha(server);
    const body = {
      username: CUSTOMER.username,
      password: CUSTOMER.password,
      ...fresh,
      captcha: fresh.captcha.toUpperCase(),
    };
    expect((await server.call('POST', 'app/account/login', { body })).body.code).toBe(1);
    expect((await server.call('POST', 'app/account/login', { body, lang: 'en' })).body).toEqual({
      code: 400,
      msg: 'Captcha incorrect',
    });
  });

  it('refuses bad input with a message naming the field', async () => {
    const solved = await solveCaptcha(server);
    const answer = await server.call('POST', 'app/account/login', {
      body: { password: 'x', ...solved },
      lang: 'en',
    });
    expect(answer.body).toEqual({ code: 400, msg: 'Username cannot be empty' });
  });

  it('holds an account after 5 failures, even for the right password, and says for how long', async () => {
    for (let i = 0; i < 5; i++)
      expect((await tryLogin(server, 'app', 'demo@example.com', `bad-${i}`)).body.code).toBe(400);
    const locked = await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password, 'en');
    expect(locked.body).toMatchObject({ code: 429 });
    expect(locked.body.msg).toMatch(/^Too many failed logins, please try again in \d+ s$/);
    // Another account from the same IP is not locked by this one's failures.
    expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(1);
  });

  it('holds an IP after 20 tries whatever the account', async () => {
    for (let i = 0; i < 20; i++) await tryLogin(server, 'app', `user-${i}`, 'bad-password');
    expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(429);
  });

  it('refuses a disabled account after checking its password', async () => {
    await server.database.db
      .update(customers)
      .set({ enabled: false })
      .where(eq(customers.username, CUSTOMER.username));
    try {
      expect((await tryLogin(server, 'app', CUSTOMER.username, 'wrong')).body.code).toBe(400);
      const answer = await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password, 'en');
      expect(answer.body.code).toBe(403);
      expect(answer.body.msg).toContain('disabled');
    } finally {
      await server.database.db
        .update(customers)
        .set({ enabled: true })
        .where(eq(customers.username, CUSTOMER.username));
    }
  });

  it('enforces the login white list when it is on (exact IPs and CIDR)', async () => {
    const setList = (whiteIps: string[]) =>
      server.database.db
        .update(customers)
        .set({ whiteIpStatus: true, whiteIps })
        .where(eq(customers.username, CUSTOMER.username));
    try {
      await setList(['203.0.113.7', '10.0.0.0/8']);
      const refused = await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password, 'en');
      expect(refused.body).toEqual({
        code: 403,
        msg: 'Your IP (127.0.0.1) is not in this account’s login white list',
      });
      await setList(['203.0.113.7', '127.0.0.0/8']);
      expect((await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(1);
      await setList(['127.0.0.1']);
      expect((await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(1);
    } finally {
      await server.database.db
        .update(customers)
        .set({ whiteIpStatus: false, whiteIps: [] })
        .where(eq(customers.username, CUSTOMER.username));
    }
  });

  it('enforces the admin login white list too', async () => {
    const setList = (whiteIpStatus: boolean, whiteIps: string[]) =>
      server.database.db
        .update(admins)
        .set({ whiteIpStatus, whiteIps })
        .where(eq(admins.username, ADMIN.username));
    try {
      await setList(true, ['203.0.113.7']);
      const refused = await tryLogin(server, 'sys', ADMIN.username, ADMIN.password, 'en');
      expect(refused.body).toEqual({
        code: 403,
        msg: 'Your IP (127.0.0.1) is not in this account’s login white list',
      });
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login.failed'), eq(auditLog.actorKind, 'admin')));
      expect(audit).toMatchObject({ success: false, detail: { reason: 'white_ip' } });
      await setList(true, ['127.0.0.1/32']);
      expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(1);
    } finally {
      await setList(false, []);
    }
  });

  it('audits a refusal for a wrong captcha and for a held account or IP', async () => {
    await server.database.db.delete(auditLog);
    const failures = async (reason: string) =>
      (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'login.failed'))).filter(
        (row) => row.detail.reason === reason,
      );
    const solved = await solveCaptcha(server, 'sys');
    await server.call('POST', 'sys/account/login', {
      body: { username: ADMIN.username, password: ADMIN.password, uuid: solved.uuid, captcha: 'zzzz' },
    });
    expect(await failures('captcha')).toMatchObject([
      {
        actorKind: 'anonymous',
        success: false,
        ip: '127.0.0.1',
        detail: { kind: 'admin', username: 'admin' },
      },
    ]);

    for (let i = 0; i < 5; i++) await tryLogin(server, 'sys', ADMIN.username, `bad-${i}`);
    expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(429);
    expect(await failures('account_throttled')).toMatchObject([
      { success: false, detail: { kind: 'admin', username: 'admin' } },
    ]);

    // The held try counted against the address too: 6 so far, 14 more make its 20 free ones.
    for (let i = 0; i < 14; i++) await tryLogin(server, 'app', `user-${i}`, 'bad-password');
    expect((await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(429);
    expect(await failures('ip_throttled')).toMatchObject([
      { success: false, detail: { kind: 'customer', username: CUSTOMER.username } },
    ]);
    expect(JSON.stringify(await failures('ip_throttled'))).not.toContain(CUSTOMER.password);
  });

  it('audits login.ok and login.failed without the password', async () => {
    await tryLogin(server, 'app', CUSTOMER.username, 'secret-wrong-pw');
    await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, '127.0.0.1')));
    const failed = rows.filter((r) => r.action === 'login.failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.action === 'login.ok' && r.actorKind === 'customer')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('secret-wrong-pw');
    expect(text).not.toContain(CUSTOMER.password);
  });
});

describe('logout', () => {
  it('revokes the session on app/ and on sys/', async () => {
    for (const [scope, kind] of [
      ['app', 'customer'],
      ['sys', 'admin'],
    ] as const) {
      const token = await server.login(kind);
      const out = await server.call('POST', `${scope}/account/logout`, { token, lang: 'en' });
      expect(out.body).toEqual({ code: 1, msg: 'Signed out' });
      expect((await server.call('GET', `${scope}/account/userinfo`, { token })).body.code).toBe(401);
      expect((await server.call('POST', `${scope}/account/logout`, { token })).body.code).toBe(401);
    }
    const revoked = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.principalKind, 'admin'));
    expect(revoked.some((s) => s.revokedAt !== null)).toBe(true);
  });

  it('needs a token', async () => {
    expect((await server.call('POST', 'app/account/logout')).body.code).toBe(401);
    expect((await server.call('POST', 'sys/account/logout')).body.code).toBe(401);
  });
});
