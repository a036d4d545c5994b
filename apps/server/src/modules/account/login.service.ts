import { ACCOUNT_LIMITS, ResultCode, type LoginRequest, type LoginResponse } from '@nimbus/contract';
import type { PrincipalKind } from '../../platform/auth/auth.schema';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, forbidden } from '../../platform/http/app-error';
import { captchaService } from '../captcha/captcha.service';
import { recordSecurityEvent, type Caller } from './caller';
import {
  identityRepository,
  loginFailureRepository,
  oneTimeTokenRepository,
  type IdentityRow,
} from './identity.repository';
import { useTotpCode } from './totp';
import { ipAllowed } from './white-ip';

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

  async function refuseWhenLocked(accountKey: string, ip: string) {
    const since = new Date(Date.now() - WINDOW_MS);
    const [byAccount, byIp] = await Promise.all([
      failures.count('account', accountKey, since),
      failures.count('ip', ip, since),
    ]);
    if (byAccount >= ACCOUNT_LIMITS.loginFailuresPerAccount || byIp >= ACCOUNT_LIMITS.loginFailuresPerIp) {
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
  ) {
    await failures.record(accountKey, caller.ip);
    await failures.prune(new Date(Date.now() - 4 * WINDOW_MS));
    await recordSecurityEvent(ctx.audit, null, caller, {
      action: 'login.failed',
      success: false,
      detail: { kind, ...detail },
    });
  }

  /** After the credentials are right: the account must be enabled and the IP allowed. */
  async function admit(kind: PrincipalKind, row: IdentityRow, caller: Caller) {
    const actor = { kind, id: row.id };
    if (!row.enabled) {
      await recordSecurityEvent(ctx.audit, actor, caller, {
        action: 'login.failed',
        success: false,
        detail: { reason: 'disabled' },
      });
      throw forbidden('account.disabled');
    }
    if (row.whiteIpStatus && !ipAllowed(caller.ip, row.whiteIps)) {
      await recordSecurityEvent(ctx.audit, actor, caller, {
        action: 'login.failed',
        success: false,
        detail: { reason: 'white_ip' },
      });
      throw new AppError(ResultCode.forbidden, 'account.ipNotAllowed', { ip: caller.ip });
    }
  }

  async function openSession(kind: PrincipalKind, row: IdentityRow, caller: Caller, method: string) {
    const token = await ctx.sessions.open(kind, row.id, { ip: caller.ip, userAgent: caller.userAgent });
    await failures.clearAccount(`${kind}:${row.id}`);
    await recordSecurityEvent(ctx.audit, { kind, id: row.id }, caller, {
      action: 'login.ok',
      detail: { method },
    });
    return token;
  }

  return {
    async login(kind: PrincipalKind, input: LoginRequest, caller: Caller): Promise<LoginResponse> {
      await captcha.consume(input.uuid, input.captcha);
      const login = input.username.trim();
      const row = await identities.findByLogin(kind, login);
      const accountKey = row ? `${kind}:${row.id}` : `${kind}:?${login.toLowerCase()}`;
      await refuseWhenLocked(accountKey, caller.ip);

      dummyHash ??= hashPassword(randomToken());
      const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyHash), input.password);
      if (!row || !passwordOk) {
        await recordFailure(kind, accountKey, caller, {
          username: login,
          reason: row ? 'password' : 'unknown_user',
        });
        throw badRequest('account.loginFailed');
      }
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
      return { token: await openSession(kind, row, caller, 'password') };
    },

    /** Second step: the challenge works once (a wrong code means logging in again). */
    async finishTotp(kind: PrincipalKind, input: { challenge: string; code: string }, caller: Caller) {
      const redeemed = await oneTime.redeem('totp_challenge', hashToken(input.challenge), kind);
      const row = redeemed ? await identities.findById(kind, redeemed.principalId) : undefined;
      if (!row) throw badRequest('account.totpChallengeExpired');
      const accountKey = `${kind}:${row.id}`;
      await refuseWhenLocked(accountKey, caller.ip);
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
      await recordSecurityEvent(ctx.audit, principal, caller, { action: 'logout' });
    },
  };
}
