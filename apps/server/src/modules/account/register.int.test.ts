import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { verificationCodes } from '../../platform/auth/auth.schema';
import { sysConfig } from '../config/config.schema';
import { customers } from './account.schema';
import { customerRow, solveCaptcha, tryLogin } from './account.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ captureCodes: true });
});
afterAll(() => server.close());
beforeEach(() => {
  server.sentCodes.length = 0;
});

type Channel = 'mail' | 'sms';
async function sendCode(channel: Channel, target: string, purpose: 'register' | 'forget', lang?: 'en') {
  return server.call('POST', 'app/account/code/send', {
    body: { channel, target, purpose, ...(await solveCaptcha(server)) },
    lang,
  });
}
const lastCode = () => server.sentCodes.at(-1)!.code;
const customerCount = async () =>
  (await server.database.db.select({ id: customers.id }).from(customers)).length;
async function setPower(value: Record<string, unknown> | null) {
  await server.database.db.delete(sysConfig).where(eq(sysConfig.paramKey, 'power'));
  if (value)
    await server.database.db
      .insert(sysConfig)
      .values({ paramKey: 'power', paramValue: JSON.stringify(value) });
}

describe('register', () => {
  it('registers with an e-mail code; the code is stored hashed and works once', async () => {
    const sent = await sendCode('mail', 'New.User@Example.com', 'register', 'en');
    expect(sent.body).toEqual({ code: 1, msg: 'The code has been sent' });
    expect(server.sentCodes).toEqual([
      { channel: 'mail', target: 'New.User@Example.com', code: expect.stringMatching(/^\d{6}$/) },
    ]);
    const [stored] = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, 'new.user@example.com'));
    expect(stored!.codeHash).not.toContain(lastCode());
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(590_000);

    const body = {
      username: 'newuser',
      password: 'new-pass-1',
      mail: 'new.user@example.com',
      code: lastCode(),
    };
    const registered = await server.call('POST', 'app/account/register', { body, lang: 'en' });
    expect(registered.body).toEqual({ code: 1, msg: 'Registered, please log in' });
    expect(await customerRow(server, 'newuser')).toMatchObject({
      mail: 'new.user@example.com',
      mobile: null,
      enabled: true,
    });
    expect((await tryLogin(server, 'app', 'newuser', 'new-pass-1')).body.code).toBe(1);

    const reuse = await server.call('POST', 'app/account/register', {
      body: { ...body, username: 'newuser2' },
      lang: 'en',
    });
    expect(reuse.body.code).toBe(409);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.register'));
    expect(audit).toHaveLength(1);
  });

  it('registers with an SMS code', async () => {
    await sendCode('sms', '13911112222', 'register');
    expect(server.sentCodes[0]).toMatchObject({ channel: 'sms', target: '13911112222' });
    const body = {
      username: 'smsuser',
      password: 'sms-pass-1',
      mail: '',
      mobile: '13911112222',
      code: lastCode(),
    };
    expect((await server.call('POST', 'app/account/register', { body })).body.code).toBe(1);
    expect((await tryLogin(server, 'app', '13911112222', 'sms-pass-1')).body.code).toBe(1);
  });

  it('refuses a wrong code, counts tries and gives up after 5', async () => {
    await sendCode('mail', 'tries@example.com', 'register');
    const right = lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    const body = { username: 'triesuser', password: 'pass-1234', mail: 'tries@example.com' };
    for (let i = 0; i < 4; i++) {
      const answer = await server.call('POST', 'app/account/register', {
        body: { ...body, code: wrong },
        lang: 'en',
      });
      expect(answer.body).toEqual({ code: 400, msg: 'The verification code is wrong or has expired' });
    }
    const fifth = await server.call('POST', 'app/account/register', {
      body: { ...body, code: wrong },
      lang: 'en',
    });
    expect(fifth.body).toEqual({ code: 400, msg: 'Too many wrong codes, please ask for a new one' });
    const late = await server.call('POST', 'app/account/register', {
      body: { ...body, code: right },
      lang: 'en',
    });
    expect(late.body.msg).toBe('Too many wrong codes, please ask for a new one');
    expect(await customerRow(server, 'triesuser')).toBeUndefined();
  });

  it('does not resend within 60 s, and refuses a wrong captcha', async () => {
    expect((await sendCode('mail', 'soon@example.com', 'register')).body.code).toBe(1);
    const again = await sendCode('mail', 'soon@example.com', 'register', 'en');
    expect(again.body.code).toBe(429);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    const badCaptcha = await server.call('POST', 'app/account/code/send', {
      body: {
        channel: 'mail',
        target: 'x@example.com',
        purpose: 'register',
        uuid: crypto.randomUUID(),
        captcha: 'abcd',
      },
      lang: 'en',
    });
    expect(badCaptcha.body).toEqual({ code: 400, msg: 'Captcha incorrect' });
    expect(server.sentCodes).toHaveLength(1);
  });

  it('refuses taken names, e-mails and mobiles', async () => {
    const taken = await sendCode('mail', 'demo@example.com', 'register', 'en');
    expect(taken.body).toEqual({ code: 409, msg: 'This e-mail is already bound to an account' });
    expect((await sendCode('sms', '13800000000', 'register', 'en')).body.msg).toBe(
      'This mobile number is already bound to an account',
    );
    await sendCode('mail', 'fresh@example.com', 'register');
    const answer = await server.call('POST', 'app/account/register', {
      body: { username: 'demo', password: 'pass-1234', mail: 'fresh@example.com', code: lastCode() },
      lang: 'en',
    });
    expect(answer.body).toEqual({ code: 409, msg: 'This username is already taken' });
    expect(server.sentCodes).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await customerCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        { username: 'ab', password: 'pass-1234', mail: 'a@b.co', code: '123456' },
        'Username must be 4-32 letters, digits or . _ -, without @ and not only digits',
      ],
      [
        { username: 'abcd', password: '密码密码密码', mail: 'a@b.co', code: '123456' },
        'Password must be 4-32 characters without Chinese',
      ],
      [{ username: 'abcd', password: 'pass-1234', mail: 'not-mail', code: '123456' }, 'E-mail format error'],
      [
        { username: 'abcd', password: 'pass-1234', code: '123456' },
        'E-mail or mobile number: give the one the code was sent to (one of them)',
      ],
      [
        { username: 'abcd', password: 'pass-1234', mobile: '23', code: '123456' },
        'Mobile number format error',
      ],
    ];
    for (const [body, msg] of cases) {
      expect((await server.call('POST', 'app/account/register', { body, lang: 'en' })).body, msg).toEqual({
        code: 400,
        msg,
      });
    }
    const badTarget = await sendCode('sms', 'abc', 'register', 'en');
    expect(badTarget.body).toEqual({ code: 400, msg: 'E-mail or mobile number: Mobile number format error' });
    const badChannel = await server.call('POST', 'app/account/code/send', {
      body: { channel: 'fax', target: 'x', purpose: 'register', ...(await solveCaptcha(server)) },
      lang: 'en',
    });
    expect(badChannel.body).toEqual({ code: 400, msg: 'Channel is invalid' });
    expect(await customerCount()).toBe(before);
    expect(server.sentCodes).toHaveLength(0);
  });

  it('honours power.register = 1, in Chinese by default', async () => {
    try {
      await setPower({ register: 1, realName: 0 });
      const answer = await sendCode('mail', 'closed@example.com', 'register');
      expect(answer.body).toEqual({ code: 403, msg: '系统已关闭注册' });
      const direct = await server.call('POST', 'app/account/register', {
        body: { username: 'closeduser', password: 'pass-1234', mail: 'closed@example.com', code: '123456' },
        lang: 'en',
      });
      expect(direct.body).toEqual({ code: 403, msg: 'Registration is closed' });
      await setPower({ register: 0 });
      expect((await sendCode('mail', 'closed@example.com', 'register')).body.code).toBe(1);
    } finally {
      await setPower({ register: 0 });
    }
  });

  it('honours power.registerCommon = 0: the register form and its codes are refused, resets go on', async () => {
    try {
      await setPower({ register: 0, registerCommon: 0 });
      const before = await customerCount();
      const code = await sendCode('mail', 'common@example.com', 'register', 'en');
      expect(code.body).toEqual({
        code: 403,
        msg: 'Registration with a username and password is not offered on this site',
      });
      expect(server.sentCodes).toEqual([]);
      const direct = await server.call('POST', 'app/account/register', {
        body: { username: 'commonuser', password: 'pass-1234', mail: 'common@example.com', code: '123456' },
      });
      expect(direct.body).toEqual({ code: 403, msg: '本站未开放用户名密码注册' });
      expect(await customerCount()).toBe(before);
      // Not a registration: an existing customer still gets a reset code.
      expect((await sendCode('sms', '13911112222', 'forget')).body.code).toBe(1);
      expect(server.sentCodes).toHaveLength(1);
      const agent = await server.call<{ registerOpen: boolean }>('GET', 'app/common/web/agent');
      expect(agent.body.data!.registerOpen).toBe(false);
      // Closing registration altogether still says so first.
      await setPower({ register: 1, registerCommon: 0 });
      expect((await sendCode('mail', 'common@example.com', 'register', 'en')).body).toEqual({
        code: 403,
        msg: 'Registration is closed',
      });
      await setPower({ register: 0, registerCommon: 1 });
      expect((await sendCode('mail', 'common@example.com', 'register')).body.code).toBe(1);
    } finally {
      await setPower({ register: 0 });
    }
  });
});

describe('register racing another registration', () => {
  /**
   * Holds inserts into customers (SHARE ROW EXCLUSIVE lets reads through) until the request has
   * passed its own checks and waits on the lock; then commits a rival row first.
   */
  async function raceWithRival<T>(
    request: Promise<T>,
    rival: { username: string; mail?: string; mobile?: string },
  ): Promise<T> {
    const client = await server.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('lock table customers in share row exclusive mode');
      const started = request;
      await vi.waitFor(
        async () => {
          const waiting = await client.query(
            `select 1 from pg_locks l join pg_class c on c.oid = l.relation
             where c.relname = 'customers' and not l.granted`,
          );
          expect(waiting.rowCount).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      await client.query(
        'insert into customers (username, mail, mobile, password_hash) values ($1, $2, $3, $4)',
        [rival.username, rival.mail ?? null, rival.mobile ?? null, 'x'],
      );
      await client.query('commit');
      return await started;
    } finally {
      client.release();
    }
  }

  it.each([
    [
      'mobile',
      { username: 'racer-1', mobile: '13755550001' },
      { username: 'rival-1', mobile: '13755550001' },
      'This mobile number is already bound to an account',
    ],
    [
      'e-mail',
      { username: 'racer-2', mail: 'racer-2@example.com' },
      { username: 'rival-2', mail: 'racer-2@example.com' },
      'This e-mail is already bound to an account',
    ],
    [
      'username',
      { username: 'racer-3', mail: 'racer-3@example.com' },
      { username: 'racer-3' },
      'This username is already taken',
    ],
  ])(
    'a %s taken meanwhile is named as such, and the code stays usable',
    async (_field, account, rival, msg) => {
      const target = 'mail' in account ? account.mail : account.mobile;
      await sendCode('mail' in account ? 'mail' : 'sms', target, 'register');
      const body = { ...account, password: 'race-pass-1', code: lastCode() };
      const lost = await raceWithRival(
        server.call('POST', 'app/account/register', { body, lang: 'en' }),
        rival,
      );
      expect(lost.body).toEqual({ code: 409, msg });
      await server.database.db.delete(customers).where(eq(customers.username, rival.username));

      // The failed insert rolled the code back: the same code registers once the clash is gone.
      const retry = await server.call('POST', 'app/account/register', { body, lang: 'en' });
      expect(retry.body).toEqual({ code: 1, msg: 'Registered, please log in' });
    },
  );
});

describe('forget', () => {
  it('resets the password by code and ends every session', async () => {
    const token = await server.login('customer');
    await sendCode('mail', 'demo@example.com', 'forget');
    const answer = await server.call('POST', 'app/account/forget', {
      body: { channel: 'mail', target: 'demo@example.com', code: lastCode(), password: 'reset-pass-1' },
      lang: 'en',
    });
    expect(answer.body).toEqual({ code: 1, msg: 'Your password has been reset, please log in' });
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(401);
    expect((await tryLogin(server, 'app', 'demo', 'demo-pass-1')).body.code).toBe(400);
    expect((await tryLogin(server, 'app', 'demo', 'reset-pass-1')).body.code).toBe(1);
    expect(
      (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset'))).length,
    ).toBe(1);

    // Back to the seeded password for the other tests, by SMS this time.
    server.sentCodes.length = 0;
    await sendCode('sms', '13800000000', 'forget');
    const back = await server.call('POST', 'app/account/forget', {
      body: { channel: 'sms', target: '13800000000', code: lastCode(), password: 'demo-pass-1' },
    });
    expect(back.body.code).toBe(1);
  });

  it('sends nothing to an unknown address, answering the same, and then refuses any code', async () => {
    const sent = await sendCode('mail', 'ghost@example.com', 'forget', 'en');
    expect(sent.body).toEqual({ code: 1, msg: 'The code has been sent' });
    expect(server.sentCodes).toHaveLength(0);
    const answer = await server.call('POST', 'app/account/forget', {
      body: { channel: 'mail', target: 'ghost@example.com', code: '123456', password: 'whatever1' },
      lang: 'en',
    });
    expect(answer.body).toEqual({ code: 400, msg: 'The verification code is wrong or has expired' });
  });

  it('does not accept a register code for a reset', async () => {
    const before = (await customerRow(server, 'demo')).passwordHash;
    await server.database.db.delete(verificationCodes);
    // A register code for a free address cannot reset anything, even for the same target later.
    await sendCode('mail', 'free@example.com', 'register');
    const answer = await server.call('POST', 'app/account/forget', {
      body: { channel: 'mail', target: 'free@example.com', code: lastCode(), password: 'whatever1' },
    });
    expect(answer.body.code).toBe(400);
    expect((await customerRow(server, 'demo')).passwordHash).toBe(before);
  });
});
