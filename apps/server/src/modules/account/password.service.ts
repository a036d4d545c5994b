import type { ChangePasswordRequest } from '@nimbus/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import { recordSecurityEvent, type Caller } from './caller';
import { identityRepository } from './identity.repository';

/** Password change for either identity: the old password must be right; other sessions end. */
export function passwordService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);

  return {
    async change(principal: Principal, input: ChangePasswordRequest, caller: Caller): Promise<void> {
      const row = await identities.findById(principal.kind, principal.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
        await recordSecurityEvent(ctx.audit, principal, caller, {
          action: 'password.change',
          success: false,
          detail: { reason: 'old_password' },
        });
        throw badRequest('account.oldPasswordWrong');
      }
      await identities.update(principal.kind, principal.id, {
        passwordHash: await hashPassword(input.newPassword),
      });
      await ctx.sessions.revokeAllFor(principal.kind, principal.id, principal.sessionId);
      await recordSecurityEvent(ctx.audit, principal, caller, {
        action: 'password.change',
        target: `${principal.kind}:${principal.id}`,
      });
    },
  };
}
