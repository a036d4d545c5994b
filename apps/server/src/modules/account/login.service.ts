import { ACCOUNT_LIMITS, ResultCode, type LoginRequest, type LoginResponse } from '@nimbus/contract';
import type { PrincipalKind } from '../../platform/auth/auth.schema';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { captchaService } from '../captcha/captcha.service';
import {
  identityRepository,
  loginFailureRepository,
  oneTimeTokenRepository,
  type IdentityRow,
} from './identity.repository';
import { useTotpCode } from './totp';
import { admissionRefusal } from './admission';

const WINDOW_MS = ACCOUNT_LIMITS.loginFailureWindowMinutes * 60_000;

/** Checked against when the account does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * Password login for both identities: captcha (consumed right or wrong), failure limits per
 * account and per IP, password, disabled flag, login white IP, then either a session or a
 * TOTP challenge. Unknown user and wrong password give the same answer.
 */
export function loginService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);
  const failures = loginFailureRepository(ctx.db);
  const oneTime = oneTimeTokenRepository(ctx.db);
  const captcha = captchaService(ctx.db);

  /** A refused attempt is a security event too: someone keeps trying a locked account or IP. */
  async function refuseWhenLocked(kind: PrincipalKind, accountKey: string, username: string, caller: Caller) {
    const since = new Date(Date.now() - WINDOW_MS);
    const [byAccount, byIp] = await Promise.all([
      failures.count('account', accountKey, since),
      failures.count('ip', caller.ip, since),
    ]);
    const accountLocked = byAccount >= ACCOUNT_LIMITS.loginFailuresPerAccount;
    if (accountLocked || byIp >= ACCOUNT_LIMITS.loginFailuresPerIp) {
      const known = /^customer:(\d+)$/.exec(accountKey);
      await ctx.audit.record(null, caller.ip, {
        action: 'login.failed',
        success: false,
        customerId: known ? Number(known[1]) : undefined,
        detail: { kind, username, reason: accountLocked ? 'account_locked' : 'ip_locked' },
      });
      throw new AppError(ResultCode.tooManyRequests, 'account.loginLocked', {
        minutes: ACCOUNT_LIMITS.loginFailureWindowMinutes,
      });
    }
  }

  async function recordFailure(
    kind: PrincipalKind,
    accountKey: string,
    caller: Caller,
    detail: Record<string, unknown>,
    customerId?: number,
  ) {
    await ctx.db.transaction(async (tx) => {
      const txFailures = loginFailureRepository(tx);
      await txFailures.record(accountKey, caller.ip);
      await txFailures.prune(new Date(Date.now() - 4 * WINDOW_MS));
      await ctx.audit.record(
        null,
        caller.ip,
        { action: 'login.failed', success: false, customerId, detail: { kind, ...detail } },
        tx,
      );
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
      await loginFailureRepository(tx).clearAccount(`${kind}:${row.id}`);
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

  return {
    async login(kind: PrincipalKind, input: LoginRequest, caller: Caller): Promise<LoginResponse> {
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
      await refuseWhenLocked(kind, accountKey, login, caller);

      dummyHash ??= hashPassword(randomToken());
      const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyHash), input.password);
      if (!row || !passwordOk) {
        await recordFailure(
          kind,
          accountKey,
          caller,
          { username: login, reason: row ? 'password' : 'unknown_user' },
          kind === 'customer' ? row?.id : undefined,
        );
        throw badRequest('account.loginFailed');
      }
      return signIn(kind, row, caller, 'password');
    },

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
      await refuseWhenLocked(kind, accountKey, row.username, caller);
      await admit(kind, row, caller);
      const outcome = row.googleAuthSecret
        ? await useTotpCode(row.googleAuthSecret, input.code, (step) =>
            identities.claimTotpStep(kind, row.id, step),
          )
        : 'incorrect';
      if (outcome !== 'accepted') {
        await recordFailure(kind, accountKey, caller, {
          username: row.username,
          reason: outcome === 'used' ? 'totp_reused' : 'totp',
        });
        throw badRequest(outcome === 'used' ? 'account.totpLoginCodeUsed' : 'account.totpLoginIncorrect');
      }
      return { token: await openSession(kind, row, caller, 'password+totp') };
    },

    async logout(principal: Principal, caller: Caller) {
      await ctx.sessions.revoke(principal.sessionId);
      await ctx.audit.record(principal, caller.ip, { action: 'logout' });
    },
  };
}
