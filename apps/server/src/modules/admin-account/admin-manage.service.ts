import type {
  adminCreateRequestSchema,
  AdminStatusRequest,
  AdminSummary,
  CustomerListQuery,
  Page,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/session.service';
import { hashPassword } from '../../platform/auth/secrets';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { adminManageRepository, type AdminRow } from './admin-manage.repository';
import { takenField } from './taken-field';
import { pageOf } from '../../platform/db/paging';

function toSummary(row: AdminRow): AdminSummary {
  return {
    id: row.id,
    username: row.username,
    mail: row.mail,
    mobile: row.mobile,
    enabled: row.enabled,
    googleAuthStatus: row.googleAuthStatus,
    createTime: row.createdAt.toISOString(),
  };
}

/**
 * Admins manage each other: list, open an account, enable or disable. Nobody disables
 * themselves, so at least one enabled admin (the one acting) always remains.
 */
export function adminManageService(ctx: AppContext) {
  const repo = adminManageRepository(ctx.db);
  return {
    async list(query: CustomerListQuery): Promise<Page<AdminSummary>> {
      const { rows, total } = await repo.page(query);
      return pageOf(rows.map(toSummary), total, query);
    },

    async create(
      actor: Principal,
      request: z.output<typeof adminCreateRequestSchema>,
      caller: Caller,
    ): Promise<AdminSummary> {
      const passwordHash = await hashPassword(request.password);
      return ctx.db
        .transaction(async (tx) => {
          const row = await adminManageRepository(tx).insert({
            username: request.username,
            passwordHash,
            mail: request.mail?.toLowerCase() ?? null,
            mobile: request.mobile ?? null,
          });
          await ctx.audit.record(actor, caller.ip, { action: 'admin.create', target: `admin:${row.id}` }, tx);
          return toSummary(row);
        })
        .catch(takenField('admins'));
    },

    /** Disabling ends every session of that admin in the same transaction. */
    async setEnabled(actor: Principal, request: AdminStatusRequest, caller: Caller): Promise<AdminSummary> {
      if (request.adminId === actor.id && !request.enabled) throw badRequest('account.cannotDisableSelf');
      return ctx.db.transaction(async (tx) => {
        const row = await adminManageRepository(tx).setEnabled(request.adminId, request.enabled);
        if (!row) throw notFound('account.adminNotFound');
        if (!request.enabled) await ctx.sessions.revokeAllFor('admin', row.id, undefined, tx);
        await ctx.audit.record(
          actor,
          caller.ip,
          { action: request.enabled ? 'admin.enable' : 'admin.disable', target: `admin:${row.id}` },
          tx,
        );
        return toSummary(row);
      });
    },
  };
}
