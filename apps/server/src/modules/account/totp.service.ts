import type { TotpSetupResponse } from '@nimbus/contract';
import { confirmPassword } from '../../platform/auth/password-confirm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { identityRepository } from './identity.repository';
import { newTotpSecret, totpEnrolment, useTotpCode, type TotpOutcome } from './totp';

const REFUSED_CODE = { incorrect: 'account.totpIncorrect', used: 'account.totpCodeUsed' } as const;

/**
 * Google-Authenticator style 2FA for either identity. Setup stores a pending secret (status
 * stays off) and shows it once; enabling needs a code from it; disabling needs a code or the
 * password and wipes the secret.
 */
export function totpService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);

  const useCode = (principal: Principal, secret: string, code: string) =>
    useTotpCode(secret, code, (step) => identities.claimTotpStep(principal.kind, principal.id, step));

  /** The identity change and its audit row, committed together. */
  async function updateAudited(
    principal: Principal,
    caller: Caller,
    values: Parameters<typeof identities.update>[2],
    action: string,
  ) {
    await ctx.db.transaction(async (tx) => {
      await identityRepository(tx, ctx.changes).update(principal.kind, principal.id, values);
      await ctx.audit.record(
        principal,
        caller.ip,
        { action, target: `${principal.kind}:${principal.id}` },
        tx,
      );
    });
  }

  async function load(principal: Principal) {
    const row = await identities.findById(principal.kind, principal.id);
    if (!row) throw unauthorized();
    return row;
  }

  return {
    async setup(principal: Principal, caller: Caller): Promise<TotpSetupResponse> {
      const row = await load(principal);
      if (row.googleAuthStatus) throw conflict('account.totpAlreadyOn');
      const secret = newTotpSecret();
      await updateAudited(principal, caller, { googleAuthSecret: secret }, 'totp.setup');
      return totpEnrolment(secret, row.username);
    },

    async enable(principal: Principal, code: string, caller: Caller): Promise<void> {
      const row = await load(principal);
      if (row.googleAuthStatus) throw conflict('account.totpAlreadyOn');
      if (!row.googleAuthSecret) throw badRequest('account.totpNotStarted');
      const outcome = await useCode(principal, row.googleAuthSecret, code);
      if (outcome !== 'accepted') {
        await ctx.audit.record(principal, caller.ip, {
          action: 'totp.enable',
          success: false,
          detail: { reason: outcome },
        });
        throw badRequest(REFUSED_CODE[outcome]);
      }
      await updateAudited(principal, caller, { googleAuthStatus: true }, 'totp.enable');
    },

    async disable(
      principal: Principal,
      proof: { code?: string; password?: string },
      caller: Caller,
    ): Promise<void> {
      const row = await load(principal);
      if (!row.googleAuthStatus || !row.googleAuthSecret) throw conflict('account.totpNotOn');
      const outcome: TotpOutcome | 'password' | 'proven' = proof.code
        ? await useCode(principal, row.googleAuthSecret, proof.code)
        : (await confirmPassword(ctx.db, principal, row.passwordHash, proof.password ?? ''))
          ? 'proven'
          : 'password';
      if (outcome !== 'accepted' && outcome !== 'proven') {
        await ctx.audit.record(principal, caller.ip, {
          action: 'totp.disable',
          success: false,
          detail: { reason: outcome },
        });
        throw badRequest(outcome === 'password' ? 'account.passwordIncorrect' : REFUSED_CODE[outcome]);
      }
      await updateAudited(
        principal,
        caller,
        { googleAuthStatus: false, googleAuthSecret: null },
        'totp.disable',
      );
    },
  };
}
