import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { attemptThrottles, captchas, sessions } from '../../platform/auth/auth.schema';
import { hashPassword } from '../../platform/auth/secrets';
import { messages } from '../message/message.schema';
import { admins, customers } from './account.schema';
import { solveCaptcha, tryLogin } from './account.test-support';

/** Issue 17 §3: each test below reproduces one attack on accounts, as a hostile customer would. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ captureCodes: true });
  admin = await server.login('admin');
});
afterAll(() => server.close());
// Every request comes from 127.0.0.1: no test inherits another's tries.
beforeEach(async () => {
  await server.database.db.delete(attemptThrottles);
});

const post = <T = unknown>(path: string, body: unknown, token = admin) =>
  server.call<T>('POST', path, { token, body, lang: 'en' });

async function newCustomer(
  username: string,
  password: string,
  extra: { mail?: string; mobile?: string } = {},
) {
  const [row] = await server.database.db
    .insert(customers)
    .values({ username, passwordHash: await hashPassword(password), ...extra })
    .returning();
  return row!;
}

describe('identifier collisions', () => {
  it("refuses a username, e-mail or mobile that is another account's identifier, in any field", async () => {
    // The demo customer's e-mail is demo@example.com and mobile 13800000000.
    const cases: [string, Record<string, string>, number, string][] = [
      ['username = their e-mail', { username: 'demo@example.com' }, 400, 'Username must be 4-32'],
      ['username = their mobile', { username: '13800000000' }, 400, 'Username must be 4-32'],
      ['e-mail in another case', { username: 'thief-1', mail: 'Demo@Example.COM' }, 409, 'e-mail is already'],
      ['mobile', { username: 'thief-2', mobile: '13800000000' }, 409, 'mobile number is already'],
    ];
    for (const [name, fields, code, msg] of cases) {
      for (const path of ['sys/account/user/create', 'sys/account/admin/create']) {
        if (path.includes('admin') && code === 409) continue; // another table: nothing of demo's
        const answer = await post(path, { password: 'thief-pass-1', ...fields });
        expect(answer.body.code, `${path}: ${name}`).toBe(code);
        expect(answer.body.msg, `${path}: ${name}`).toContain(msg);
      }
    }
    const register = await post('app/account/register', {
      username: 'demo@example.com',
      password: 'thief-pass-1',
      mail: 'thief@example.com',
      code: '123456',
    });
    expect(register.body.msg).toContain('Username must be 4-32 letters');

    // An admin's edit cannot take another's e-mail in another case either.
    const thief = await newCustomer('thief-3', 'thief-pass-1');
    const edit = await post('sys/account/user/update', { userId: thief.id, mail: 'DEMO@example.com' });
    expect(edit.body).toMatchObject({ code: 409 });

    // The database itself refuses it, whatever writes the row (a race, a script).
    await expect(newCustomer('demo@example.com', 'x')).rejects.toThrow();
    await expect(newCustomer('thief-4', 'x', { mail: 'DEMO@EXAMPLE.COM' })).rejects.toThrow();
    await expect(newCustomer('thief-5', 'x', { mobile: 'demo' })).rejects.toThrow();

    // The e-mail logs in its owner, and nobody else.
    const login = await tryLogin(server, 'app', 'demo@example.com', 'thief-pass-1');
    expect(login.body.code).toBe(400);
    expect((await tryLogin(server, 'app', 'demo@example.com', CUSTOMER.password)).body.code).toBe(1);
  });
});

describe('login tries', () => {
  it('lets a parallel burst of 30 wrong passwords and the right one have 5 tries, the right one refused', async () => {
    const victim = await newCustomer('burst-victim', 'right-pass-1');
    const wrong = await Promise.all(Array.from({ length: 30 }, () => solveCaptcha(server)));
    const right = await solveCaptcha(server);
    const attempt = (password: string, solved: { uuid: string; captcha: string }) =>
      server.call<{ token?: string }>('POST', 'app/account/login', {
        body: { username: victim.username, password, ...solved },
        lang: 'en',
      });
    const burst = wrong.map((solved, i) => attempt(`wrong-${i}`, solved));
    // The right one goes while the wrong ones are still being checked: once all of them have
    // spent their captcha (the first step), none has had its hash checked yet.
    await waitFor(async () => {
      const [row] = await server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(captchas)
        .where(
          and(
            sql`${captchas.usedAt} is not null`,
            inArray(
              captchas.uuid,
              wrong.map((w) => w.uuid),
            ),
          ),
        );
      return row!.n === wrong.length;
    });
    const answers = await Promise.all([...burst, attempt('right-pass-1', right)]);
    const last = answers.at(-1)!;
    expect(last.body.data?.token, 'the right password got in').toBeUndefined();
    expect(last.body.code).toBe(429);
    expect(last.body.msg).toMatch(/^Too many failed logins, please try again in \d+ s$/);
    // Only the free tries reached the password check.
    expect(answers.filter((a) => a.body.code === 400)).toHaveLength(5);
  });

  it('makes five bad logins cost a short wait, not a lock; an admin on their white list is never held', async () => {
    for (let i = 0; i < 5; i++) await tryLogin(server, 'sys', ADMIN.username, `bad-${i}`);
    const held = await tryLogin(server, 'sys', ADMIN.username, ADMIN.password, 'en');
    expect(held.body.code).toBe(429);
    const seconds = Number(/in (\d+) s$/.exec(held.body.msg)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15);
    // The wait over (moved, not waited for), the right password gets in at once.
    await server.database.db.update(attemptThrottles).set({ nextAt: sql`now()` });
    expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(1);

    // From a listed address, no number of an attacker's tries holds the admin back.
    await server.database.db
      .update(admins)
      .set({ whiteIpStatus: true, whiteIps: ['127.0.0.1'] })
      .where(eq(admins.username, ADMIN.username));
    try {
      for (let i = 0; i < 10; i++) await tryLogin(server, 'sys', ADMIN.username, `bad-${i}`);
      expect((await tryLogin(server, 'sys', ADMIN.username, ADMIN.password)).body.code).toBe(1);
    } finally {
      await server.database.db
        .update(admins)
        .set({ whiteIpStatus: false, whiteIps: [] })
        .where(eq(admins.username, ADMIN.username));
    }
  });
});

describe('pay-password tries', () => {
  it('lets a parallel burst of 30 wrong pay passwords and the right one have 5 tries, the right one refused', async () => {
    const payer = await newCustomer('burst-payer', 'payer-pass-1');
    await server.database.db
      .update(customers)
      .set({ payPasswordHash: await hashPassword('246810'), propertyBalance: 100_000 })
      .where(eq(customers.id, payer.id));
    const token = await server.login('customer', { username: 'burst-payer', password: 'payer-pass-1' });
    const saved = await post<{ id: number }>('sys/product/save', {
      kind: 'cdn_plan',
      name: 'Burst plan',
      billingMode: 1,
      onSale: true,
      description: '',
      attrs: { domains: 1, traffic: 1, https: false },
      prices: [{ unit: 'm', cents: 100 }],
    });
    const order = await post<{ serialNumber: string }>(
      'app/plan/purchase',
      { productId: saved.body.data!.id, cycle: 'm', quantity: 1 },
      token,
    );
    const pay = (payPassword: string) =>
      post('app/finance/order/pay', { serialNumber: order.body.data!.serialNumber, payPassword }, token);
    const burst = Array.from({ length: 30 }, (_, i) => pay(String(100_000 + i)));
    // The right one once the wrong ones have taken the free tries, while their hashes are checked.
    await waitFor(async () => {
      const [row] = await server.database.db
        .select()
        .from(attemptThrottles)
        .where(eq(attemptThrottles.key, `pay-password:${payer.id}`));
      return (row?.tries ?? 0) >= 5;
    });
    const answers = await Promise.all([...burst, pay('246810')]);
    expect(answers.at(-1)!.body.code, 'the right pay password paid').toBe(429);
    expect(answers.at(-1)!.body.msg).toMatch(/^Too many wrong pay passwords, please try again in \d+ s$/);
    expect(answers.filter((a) => a.body.msg === 'The pay password is wrong')).toHaveLength(5);
  });
});

describe('password confirmations', () => {
  it('make a signed-in guesser wait after five wrong passwords, across every form that asks', async () => {
    await newCustomer('guessed', 'guessed-pass-1');
    const token = await server.login('customer', { username: 'guessed', password: 'guessed-pass-1' });
    for (let i = 0; i < 5; i++) {
      const guess = await post(
        'app/account/changepwd',
        { oldPassword: `guess-${i}`, newPassword: 'guessed-pass-2' },
        token,
      );
      expect(guess.body.msg).toBe('The old password is wrong');
    }
    // The right password, through another form that asks for it: the wait holds there too.
    const payPassword = await post(
      'app/account/user/propertyPayPassword/reset',
      { password: 'guessed-pass-1', payPassword: '135790', confirmPayPassword: '135790' },
      token,
    );
    expect(payPassword.body.msg).toMatch(/^Too many/);
    expect(payPassword.body.code).toBe(429);
    expect(payPassword.body.msg).toMatch(/^Too many wrong passwords, please try again in \d+ s$/);
  });
});

describe('a disabled admin', () => {
  it('ends the customer sessions they opened with log in as, exchanged ones too', async () => {
    const created = await post<{ id: number }>('sys/account/admin/create', {
      username: 'rogue-admin',
      password: 'rogue-pass-1',
    });
    const rogue = await server.login('admin', { username: 'rogue-admin', password: 'rogue-pass-1' });
    const demoId = (
      await server.database.db.select().from(customers).where(eq(customers.username, 'demo'))
    )[0]!.id;
    const as = await post<{ token: string }>('sys/account/user/login-as', { userId: demoId }, rogue);
    const customerToken = as.body.data!.token;
    const exchanged = await exchange(customerToken);
    expect(exchanged.body.code).toBe(1);
    const pending = await post<{ accessToken: string }>('app/account/access/token', undefined, customerToken);

    const disabled = await post('sys/account/admin/status', {
      adminId: created.body.data!.id,
      enabled: false,
    });
    expect(disabled.body.code).toBe(1);
    for (const token of [customerToken, exchanged.body.token as string])
      expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(401);
    // A hand-off issued before cannot bring one back.
    const late = await server.call('GET', 'app/account/access/login', {
      query: { access_token: pending.body.data!.accessToken },
    });
    expect(late.body.code).toBe(400);
  });

  it("never lets an exchanged session outlive its parent's absolute expiry", async () => {
    const parent = await server.login('customer');
    const soon = new Date(Date.now() + 3_600_000);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: soon })
      .where(and(eq(sessions.principalKind, 'customer'), sql`${sessions.revokedAt} is null`));
    const child = await exchange(parent);
    expect(child.body.code).toBe(1);
    const grandchild = await exchange(child.body.token as string);
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    expect(grandchild.body.code).toBe(1);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(soon.getTime());
  });
});

describe('the DNS API key', () => {
  it('is revoked by a password change, a reset by code and a reset by an admin, and the customer is told', async () => {
    const owner = await newCustomer('key-owner', 'key-pass-1', { mail: 'key-owner@example.com' });
    const ways: [string, (token: string) => Promise<string | undefined>][] = [
      [
        'change',
        async (token) =>
          (
            await post(
              'app/account/changepwd',
              { oldPassword: 'key-pass-1', newPassword: 'key-pass-2' },
              token,
            )
          ).body.msg,
      ],
      [
        'forget',
        async () => {
          await post('app/account/code/send', {
            channel: 'mail',
            target: 'key-owner@example.com',
            purpose: 'forget',
            ...(await solveCaptcha(server)),
          });
          const code = server.sentCodes.at(-1)!.code;
          const body = { channel: 'mail', target: 'key-owner@example.com', code, password: 'key-pass-1' };
          return (await post('app/account/forget', body)).body.msg;
        },
      ],
      ['admin reset', async () => void (await post('sys/account/user/password/reset', { userId: owner.id }))],
    ];
    for (const [way, act] of ways) {
      await server.database.db
        .update(customers)
        .set({ passwordHash: await hashPassword('key-pass-1') })
        .where(eq(customers.id, owner.id));
      const token = await server.login('customer', { username: 'key-owner', password: 'key-pass-1' });
      const issued = await post<{ key: string }>('app/account/update/dns_access_token', undefined, token);
      const key = issued.body.data!.key;
      expect(await withKey(key), way).toBe(1);
      const msg = await act(token);
      if (msg !== undefined) expect(msg, way).toContain('DNS API key was revoked');
      expect(await withKey(key), way).toBe(401);
    }
    expect(await letterCount(owner.id)).toBe(3);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.customerId, owner.id)));
    expect(audited.map((a) => a.detail.reason)).toEqual([
      'password_changed',
      'password_changed',
      'password_changed',
    ]);
  });
});

/** Letters telling of the key's revocation, in the platform's language (whichever it is). */
async function letterCount(customerId: number) {
  const rows = await server.database.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.customerId, customerId),
        inArray(messages.title, ['您的 DNS API 密钥已作废', 'Your DNS API key was revoked']),
      ),
    );
  return rows.length;
}

async function withKey(key: string): Promise<number> {
  const response = await fetch(new URL('/api/app/dns/status', server.baseUrl), {
    headers: { authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { code: number }).code;
}

async function exchange(token: string) {
  const issued = await post<{ accessToken: string }>('app/account/access/token', undefined, token);
  return server.call('GET', 'app/account/access/login', {
    query: { access_token: issued.body.data!.accessToken },
    lang: 'en',
  });
}

async function waitFor(done: () => Promise<boolean>) {
  for (let i = 0; i < 500 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}
