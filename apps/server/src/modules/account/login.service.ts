import { ACCOUNT_LIMITS, type LoginRequest, type LoginResponse } from '@nimbus/contract';
import { attemptThrottle, type ThrottlePolicy } from '../../platform/auth/attempt-throttle';
import type { PrincipalKind } from '../../platform/auth/auth.schema';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { captchaService } from '../captcha/captcha.service';
import { identityRepository, oneTimeTokenRepository, type IdentityRow } from './identity.repository';
import { useTotpCode } from './totp';
import { admissionRefusal } from './admission';
import { ipAllowed } from './white-ip';

const L = ACCOUNT_LIMITS;
const PER_ACCOUNT: ThrottlePolicy = {
  freeTries: L.loginFreeTriesPerAccount,
  firstDelaySeconds: L.loginFirstDelaySeconds,
  maxDelaySeconds: L.loginMaxDelaySecondsPerAccount,
  forgetMinutes: L.loginForgetMinutes,
};
const PER_IP: ThrottlePolicy = {
  freeTries: L.loginFreeTriesPerIp,
  firstDelaySeconds: L.loginFirstDelaySeconds,
  maxDelaySeconds: L.loginMaxDelaySecondsPerIp,
  forgetMinutes: L.loginForgetMinutes,
};
const ipKey = (ip: string) => `login-ip:${ip}`;

/** Checked against when the account does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * Password login for both identities: captcha (consumed right or wrong), a try reserved per
 * address and per account, password, disabled flag, login white IP, then either a session or a
 * TOTP challenge. Unknown user and wrong password give the same answer.
 */
export function loginService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);
  const throttle = attemptThrottle(ctx.db);
  const oneTime = oneTimeTokenRepository(ctx.db);
  const captcha = captchaService(ctx.db);

  /**
   * Reserves this try against the address, then the account, before any hash is checked; a
   * refusal (429, how many seconds to wait) is audited: someone keeps trying. An account whose
   * login white list holds the caller's address is not throttled by account, so an attacker
   * elsewhere can never keep its owner out (admins put their office there).
   */
  async function reserveTry(
    kind: PrincipalKind,
    accountKey: string,
    row: IdentityRow | undefined,
    username: string,
    caller: Caller,
  ) {
    let scope = 'ip';
    try {
      await throttle.reserve(ipKey(caller.ip), PER_IP, 'account.loginThrottled');
      if (row?.whiteIpStatus && ipAllowed(caller.ip, row.whiteIps)) return;
      scope = 'account';
      await throttle.reserve(`login-${accountKey}`, PER_ACCOUNT, 'account.loginThrottled');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await ctx.audit.record(null, caller.ip, {
        action: 'login.failed',
        success: false,
        customerId: kind === 'customer' ? row?.id : undefined,
        detail: { kind, username, reason: `${scope}_throttled` },
      });
      throw error;
    }
  }

  /** The password (or code) was right: its reserved tries are no failures. */
  async function releaseTry(accountKey: string, caller: Caller) {
    await throttle.giveBack(ipKey(caller.ip), PER_IP);
    await throttle.giveBack(`login-${accountKey}`, PER_ACCOUNT);
  }

  async function recordFailure(
    kind: PrincipalKind,
    caller: Caller,
    detail: Record<string, unknown>,
    customerId?: number,
  ) {
    await throttle.prune(L.loginForgetMinutes);
    await ctx.audit.record(null, caller.ip, {
      action: 'login.failed',
      success: false,
      customerId,
      detail: { kind, ...detail },
    });
  }

  /** After the credentials are right: the account must be enabled and the IP allowed. */
  async function admit(kind: PrincipalKind, row: IdentityRow, caller: Caller) {
    const refused = admissionRefusal(row, caller.ip);
    if (!refused) return;
    await ctx.audit.record({ kind, id: row.id }, caller.ip, {
      action: 'login.failed',
      success: false,
      detail: { reason: refused.reason },
    });
    throw refused.error;
  }

  async function openSession(kind: PrincipalKind, row: IdentityRow, caller: Caller, method: string) {
    return ctx.db.transaction(async (tx) => {
      const token = await ctx.sessions.open(kind, row.id, { ip: caller.ip, userAgent: caller.userAgent }, tx);
      await attemptThrottle(tx).clear(`login-${kind}:${row.id}`);
      await ctx.audit.record({ kind, id: row.id }, caller.ip, { action: 'login.ok', detail: { method } }, tx);
      return token;
    });
  }

  /** Admission (disabled, white IP), then a TOTP challenge when 2FA is on, else a session. */
  async function signIn(
    kind: PrincipalKind,
    row: IdentityRow,
    caller: Caller,
    method: string,
  ): Promise<LoginResponse> {
    await admit(kind, row, caller);
    if (row.googleAuthStatus && row.googleAuthSecret) {
      const challenge = randomToken();
      await oneTime.insert({
        purpose: 'totp_challenge',
        tokenHash: hashToken(challenge),
        principalKind: kind,
        principalId: row.id,
        expiresAt: new Date(Date.now() + ACCOUNT_LIMITS.totpChallengeTtlSeconds * 1000),
      });
      return { totpRequired: true, challenge };
    }
    return { token: await openSession(kind, row, caller, method) };
  }

  /**
   * Captcha, throttled try, password: the account when all are right. Shared by the login and
   * by binding a WeChat scan to an existing account, so both are throttled alike.
   */
  async function checkPassword(
    kind: PrincipalKind,
    input: LoginRequest,
    caller: Caller,
  ): Promise<IdentityRow> {
    const login = input.username.trim();
    try {
      await captcha.consume(input.uuid, input.captcha);
    } catch (error) {
      await ctx.audit.record(null, caller.ip, {
        action: 'login.failed',
        success: false,
        detail: { kind, username: login, reason: 'captcha' },
      });
      throw error;
    }
    const row = await identities.findByLogin(kind, login);
    const accountKey = row ? `${kind}:${row.id}` : `${kind}:?${login.toLowerCase()}`;
    await reserveTry(kind, accountKey, row, login, caller);

    dummyHash ??= hashPassword(randomToken());
    const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyHash), input.password);
    if (!row || !passwordOk) {
      await recordFailure(
        kind,
        caller,
        { username: login, reason: row ? 'password' : 'unknown_user' },
        kind === 'customer' ? row?.id : undefined,
      );
      throw badRequest('account.loginFailed');
    }
    await releaseTry(accountKey, caller);
    return row;
  }

  return {
    async login(kind: PrincipalKind, input: LoginRequest, caller: Caller): Promise<LoginResponse> {
      return signIn(kind, await checkPassword(kind, input, caller), caller, 'password');
    },

    checkPassword,

    /**
     * After the account is known by other means (a bound WeChat): the same admission rules,
     * second factor and session as a password login.
     */
    signIn,

    /** Second step: the challenge works once (a wrong code means logging in again). */
    async finishTotp(kind: PrincipalKind, input: { challenge: string; code: string }, caller: Caller) {
      const redeemed = await oneTime.redeem('totp_challenge', hashToken(input.challenge), kind);
      const row = redeemed ? await identities.findById(kind, redeemed.principalId) : undefined;
      if (!row) throw badRequest('account.totpChallengeExpired');
      const accountKey = `${kind}:${row.id}`;
      await reserveTry(kind, accountKey, row, row.username, caller);
      await admit(kind, row, caller);
      const outcome = row.googleAuthSecret
        ? await useTotpCode(row.googleAuthSecret, input.code, (step) =>
            identities.claimTotpStep(kind, row.id, step),
          )
        : 'incorrect';
      if (outcome !== 'accepted') {
        await recordFailure(kind, caller, {
          username: row.username,
          reason: outcome === 'used' ? 'totp_reused' : 'totp',
        });
        throw badRequest(outcome === 'used' ? 'account.totpLoginCodeUsed' : 'account.totpLoginIncorrect');
      }
      await releaseTry(accountKey, caller);
      return { token: await openSession(kind, row, caller, 'password+totp') };
    },

    async logout(principal: Principal, caller: Caller) {
      await ctx.sessions.revoke(principal.sessionId);
      await ctx.audit.record(principal, caller.ip, { action: 'logout' });
    },
  };
}
