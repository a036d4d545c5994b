import type { WhiteIpResponse, WhiteIpSaveRequest } from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { identityRepository } from './identity.repository';
import { ipAllowed, isWhiteIpEntry } from './white-ip';

/** Login white IP for either identity (enforced by loginService). */
export function whiteIpService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);

  return {
    async get(principal: Principal, caller: Caller): Promise<WhiteIpResponse> {
      const row = await identities.findById(principal.kind, principal.id);
      if (!row) throw unauthorized();
      return { whiteIpStatus: row.whiteIpStatus, whiteIps: row.whiteIps, currentIp: caller.ip };
    },

    /** Refuses to switch on a list that would shut out the very request asking for it. */
    async save(principal: Principal, input: WhiteIpSaveRequest, caller: Caller): Promise<WhiteIpResponse> {
      const whiteIps = [...new Set(input.whiteIps.map((entry) => entry.trim()))];
      const invalid = whiteIps.find((entry) => !isWhiteIpEntry(entry));
      if (invalid !== undefined) throw badRequest('account.whiteIpInvalid', { value: invalid });
      if (input.whiteIpStatus) {
        if (whiteIps.length === 0) throw badRequest('account.whiteIpEmpty');
        if (!ipAllowed(caller.ip, whiteIps)) throw badRequest('account.whiteIpLockout', { ip: caller.ip });
      }
      await ctx.db.transaction(async (tx) => {
        await identityRepository(tx, ctx.changes).update(principal.kind, principal.id, {
          whiteIpStatus: input.whiteIpStatus,
          whiteIps,
        });
        await ctx.audit.record(
          principal,
          caller.ip,
          {
            action: 'whiteip.update',
            target: `${principal.kind}:${principal.id}`,
            detail: { whiteIpStatus: input.whiteIpStatus, whiteIps },
          },
          tx,
        );
      });
      return { whiteIpStatus: input.whiteIpStatus, whiteIps, currentIp: caller.ip };
    },
  };
}
