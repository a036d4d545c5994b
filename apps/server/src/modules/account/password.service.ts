import type { ChangePasswordRequest } from '@nimbus/contract';
import { confirmPassword } from '../../platform/auth/password-confirm';
import { hashPassword } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { revokeApiKeyOnPasswordChange } from '../dns-api-key/dns-api-key.service';
import { identityRepository } from './identity.repository';

/**
 * Password change for either identity: the old password must be right; other sessions end, and
 * a customer's DNS API key with them (the answer says whether one was revoked).
 */
export function passwordService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);

  return {
    async change(
      principal: Principal,
      input: ChangePasswordRequest,
      caller: Caller,
    ): Promise<{ apiKeyRevoked: boolean }> {
      const row = await identities.findById(principal.kind, principal.id);
      if (!row) throw unauthorized();
      if (!(await confirmPassword(ctx.db, principal, row.passwordHash, input.oldPassword))) {
        await ctx.audit.record(principal, caller.ip, {
          action: 'password.change',
          success: false,
          detail: { reason: 'old_password' },
        });
        throw badRequest('account.oldPasswordWrong');
      }
      const passwordHash = await hashPassword(input.newPassword);
      // All or nothing: a new password with the old sessions still open would be a half change.
      return ctx.db.transaction(async (tx) => {
        await identityRepository(tx, ctx.changes).update(principal.kind, principal.id, { passwordHash });
        await ctx.sessions.revokeAllFor(principal.kind, principal.id, principal.sessionId, tx);
        const apiKeyRevoked =
          principal.kind === 'customer' &&
          (await revokeApiKeyOnPasswordChange(ctx, tx, principal.id, principal, caller.ip));
        await ctx.audit.record(
          principal,
          caller.ip,
          { action: 'password.change', target: `${principal.kind}:${principal.id}` },
          tx,
        );
        return { apiKeyRevoked };
      });
    },
  };
}
