import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { attemptThrottles } from '../../platform/auth/auth.schema';
import { admins, customers } from './account.schema';
import { adminRow, customerRow, totpCodes, tryLogin, type Scope } from './account.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.delete(attemptThrottles);
  // Each test starts with no TOTP step used, so its codes of "now" are fresh.
  for (const table of [customers, admins])
    await server.database.db.update(table).set({ googleAuthLastStep: null });
});

interface Setup {
  otpauthUrl: string;
  qrCode: string;
  secret: string;
}

const IDENTITIES = [
  {
    scope: 'app' as Scope,
    kind: 'customer' as const,
    creds: CUSTOMER,
    row: () => customerRow(server, CUSTOMER.username),
  },
  {
    scope: 'sys' as Scope,
    kind: 'admin' as const,
    creds: ADMIN,
    row: () => adminRow(server, ADMIN.username),
  },
];

describe.each(IDENTITIES)('TOTP on $scope/', ({ scope, kind, creds, row }) => {
  it('enrols with a QR code, then login asks for a code and the challenge works once', async () => {
    const token = await server.login(kind);
    const setup = await server.call<Setup>('GET', `${scope}/account/totp/setup`, { token });
    expect(setup.body.code).toBe(1);
    const { otpauthUrl, qrCode, secret } = setup.body.data!;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Nimbus:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Pending: login still needs no code until enabled.
    expect((await row()).googleAuthStatus).toBe(false);

    const wrong = await server.call('POST', `${scope}/account/totp/enable`, {
      token,
      body: { code: '000000' },
      lang: 'en',
    });
    expect(wrong.body).toEqual({ code: 400, msg: 'The authenticator code is incorrect' });
    const [previousCode, currentCode, nextCode] = await totpCodes(secret);
    const enabled = await server.call('POST', `${scope}/account/totp/enable`, {
      token,
      body: { code: previousCode },
    });
    expect(enabled.body.code).toBe(1);
    expect((await row()).googleAuthStatus).toBe(true);
    // The secret is never shown again.
    expect((await server.call('GET', `${scope}/account/totp/setup`, { token })).body.code).toBe(409);
    const info = await server.call('GET', `${scope}/account/userinfo`, { token });
    expect(info.body.data).toMatchObject({ googleAuthStatus: true });
    expect(JSON.stringify(info.body)).not.toContain(secret);

    const first = await tryLogin(server, scope, creds.username, creds.password);
    expect(first.body.data).toEqual({ totpRequired: true, challenge: expect.any(String) });
    const challenge = first.body.data!.challenge!;
    const finished = await server.call<{ token: string }>('POST', `${scope}/account/login/totp`, {
      body: { challenge, code: currentCode },
    });
    expect(finished.body.code).toBe(1);
    const newToken = finished.body.data!.token;
    expect((await server.call('GET', `${scope}/account/userinfo`, { token: newToken })).body.code).toBe(1);
    const again = await server.call('POST', `${scope}/account/login/totp`, {
      body: { challenge, code: nextCode },
      lang: 'en',
    });
    expect(again.body).toEqual({ code: 400, msg: 'The login step has expired, please log in again' });

    // A code works once, even with a new challenge (someone who saw it cannot replay it),
    // and an older one than the last used is refused too.
    for (const used of [currentCode, previousCode]) {
      const replay = await tryLogin(server, scope, creds.username, creds.password);
      const replayed = await server.call('POST', `${scope}/account/login/totp`, {
        body: { challenge: replay.body.data!.challenge, code: used },
        lang: 'en',
      });
      expect(replayed.body).toEqual({
        code: 400,
        msg: 'This authenticator code has already been used, wait for the next one and log in again',
      });
    }

    // A wrong code uses the challenge up too.
    const second = await tryLogin(server, scope, creds.username, creds.password);
    const bad = await server.call('POST', `${scope}/account/login/totp`, {
      body: { challenge: second.body.data!.challenge, code: '000000' },
      lang: 'en',
    });
    expect(bad.body).toEqual({ code: 400, msg: 'The authenticator code is incorrect, please log in again' });
    const retry = await server.call('POST', `${scope}/account/login/totp`, {
      body: { challenge: second.body.data!.challenge, code: nextCode },
    });
    expect(retry.body.code).toBe(400);

    // Disabling needs a right code or the password, and wipes the secret.
    const refused = await server.call('POST', `${scope}/account/totp/disable`, {
      token: newToken,
      body: { password: 'nope' },
    });
    expect(refused.body.code).toBe(400);
    const reused = await server.call('POST', `${scope}/account/totp/disable`, {
      token: newToken,
      body: { code: currentCode },
      lang: 'en',
    });
    expect(reused.body).toEqual({
      code: 400,
      msg: 'This authenticator code has already been used, wait for the next one',
    });
    const disabled = await server.call('POST', `${scope}/account/totp/disable`, {
      token: newToken,
      body: { code: nextCode },
    });
    expect(disabled.body.code).toBe(1);
    expect(await row()).toMatchObject({ googleAuthStatus: false, googleAuthSecret: null });
    expect((await tryLogin(server, scope, creds.username, creds.password)).body.data).toEqual({
      token: expect.any(String),
    });

    const audited = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorKind, kind));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['totp.setup', 'totp.enable', 'totp.disable']),
    );
  });

  it('disables with the password too', async () => {
    const token = await server.login(kind);
    const { secret } = (await server.call<Setup>('GET', `${scope}/account/totp/setup`, { token })).body.data!;
    const [code] = await totpCodes(secret);
    await server.call('POST', `${scope}/account/totp/enable`, { token, body: { code } });
    const answer = await server.call('POST', `${scope}/account/totp/disable`, {
      token,
      body: { password: creds.password },
    });
    expect(answer.body.code).toBe(1);
    expect((await row()).googleAuthStatus).toBe(false);
  });

  it('refuses enabling before setup, bad input, and calls without a token', async () => {
    const token = await server.login(kind);
    const notStarted = await server.call('POST', `${scope}/account/totp/enable`, {
      token,
      body: { code: '123456' },
      lang: 'en',
    });
    expect(notStarted.body).toEqual({ code: 400, msg: 'Get the QR code and scan it first' });
    const badCode = await server.call('POST', `${scope}/account/totp/enable`, {
      token,
      body: { code: '12ab' },
      lang: 'en',
    });
    expect(badCode.body).toEqual({ code: 400, msg: 'Verification code must be 6 digits' });
    const empty = await server.call('POST', `${scope}/account/totp/disable`, { token, body: {}, lang: 'en' });
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toContain('authenticator code or your password');
    for (const path of ['totp/setup'])
      expect((await server.call('GET', `${scope}/account/${path}`)).body.code).toBe(401);
    for (const path of ['totp/enable', 'totp/disable']) {
      expect(
        (await server.call('POST', `${scope}/account/${path}`, { body: { code: '123456' } })).body.code,
      ).toBe(401);
    }
    expect(
      (
        await server.call('POST', `${scope}/account/login/totp`, {
          body: { challenge: 'x', code: '1' },
          lang: 'en',
        })
      ).body,
    ).toEqual({
      code: 400,
      msg: 'Verification code must be 6 digits',
    });
  });
});

it('refuses a customer token on the admin TOTP routes', async () => {
  const token = await server.login('customer');
  expect((await server.call('GET', 'sys/account/totp/setup', { token })).body.code).toBe(403);
  expect(
    (await server.call('POST', 'sys/account/totp/enable', { token, body: { code: '123456' } })).body.code,
  ).toBe(403);
});
