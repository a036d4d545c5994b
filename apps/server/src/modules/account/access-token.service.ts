import { ACCOUNT_LIMITS, type UserInfo } from '@nimbus/contract';
import { hashToken, randomToken } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { accountRepository } from './account.repository';
import { admissionRefusal } from './admission';
import { toUserInfo } from './account.mapper';
import { identityRepository, oneTimeTokenRepository } from './identity.repository';

/**
 * access_token hand-off between consoles (CDN → DNS): a logged-in customer asks for a token
 * that opens one new session, once, within 2 minutes. An admin acting as the customer stays
 * recorded on the new session. The new session is the parent's continuation, not a renewal: it
 * needs the parent still live and ends no later than the parent's absolute expiry, so hopping
 * between consoles never keeps a session (or a disabled admin's "log in as") alive for ever.
 */
export function accessTokenService(ctx: AppContext) {
  const oneTime = oneTimeTokenRepository(ctx.db);
  const accounts = accountRepository(ctx.db);

  return {
    async issue(principal: Principal, caller: Caller) {
      const accessToken = randomToken();
      await ctx.db.transaction(async (tx) => {
        await oneTimeTokenRepository(tx).insert({
          purpose: 'access_token',
          tokenHash: hashToken(accessToken),
          principalKind: 'customer',
          principalId: principal.id,
          payload: {
            parentSessionId: principal.sessionId,
            ...(principal.impersonatorAdminId ? { impersonatorAdminId: principal.impersonatorAdminId } : {}),
          },
          expiresAt: new Date(Date.now() + ACCOUNT_LIMITS.accessTokenTtlSeconds * 1000),
        });
        await ctx.audit.record(
          principal,
          caller.ip,
          { action: 'token.issue', target: `customer:${principal.id}` },
          tx,
        );
      });
      return { accessToken, expiresIn: ACCOUNT_LIMITS.accessTokenTtlSeconds };
    },

    async exchange(accessToken: string, caller: Caller): Promise<{ token: string; user: UserInfo }> {
      const redeemed = await oneTime.redeem('access_token', hashToken(accessToken), 'customer');
      const row = redeemed ? await accounts.findCustomer(redeemed.principalId) : undefined;
      const parent = redeemed?.payload.parentSessionId;
      const notAfter = typeof parent === 'number' ? await ctx.sessions.liveUntil(parent) : undefined;
      if (!redeemed || !row || !notAfter) {
        await ctx.audit.record(null, caller.ip, { action: 'token.exchange', success: false });
        throw badRequest('account.accessTokenInvalid');
      }
      const impersonatorAdminId =
        typeof redeemed.payload.impersonatorAdminId === 'number'
          ? redeemed.payload.impersonatorAdminId
          : undefined;
      const actor = { kind: 'customer' as const, id: row.id, impersonatorAdminId };
      // The white list guards every way in, except an admin's own "log in as".
      const refused = admissionRefusal(row, caller.ip, { whiteIp: !impersonatorAdminId });
      if (refused) {
        await ctx.audit.record(actor, caller.ip, {
          action: 'token.exchange',
          success: false,
          detail: { reason: refused.reason },
        });
        throw refused.error;
      }
      const token = await ctx.db.transaction(async (tx) => {
        if (
          impersonatorAdminId &&
          !(await identityRepository(tx, ctx.changes).holdEnabled('admin', impersonatorAdminId))
        )
          throw badRequest('account.accessTokenInvalid');
        const opened = await ctx.sessions.open(
          'customer',
          row.id,
          { ip: caller.ip, userAgent: caller.userAgent, impersonatorAdminId, notAfter },
          tx,
        );
        await ctx.audit.record(
          actor,
          caller.ip,
          { action: 'token.exchange', target: `customer:${row.id}` },
          tx,
        );
        return opened;
      });
      return { token, user: toUserInfo(row) };
    },
  };
}
