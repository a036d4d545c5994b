import type { AdminInfo } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/app-error';
import { toAdminInfo } from '../account/account.mapper';
import { identityRepository } from '../account/identity.repository';

/** The signed-in admin's own profile (no secrets: see adminInfoSchema). */
export function adminAccountService(ctx: AppContext) {
  const identities = identityRepository(ctx.db, ctx.changes);
  return {
    async info(adminId: number): Promise<AdminInfo> {
      const row = await identities.findById('admin', adminId);
      if (!row) throw unauthorized();
      return toAdminInfo(row);
    },
  };
}
