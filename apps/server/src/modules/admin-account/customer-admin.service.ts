import crypto from 'node:crypto';
import {
  translate,
  type customerCreateRequestSchema,
  type CustomerListQuery,
  type CustomerPasswordReset,
  type CustomerSummary,
  type customerUpdateRequestSchema,
  type Page,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/auth/secrets';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { accountRepository } from '../account/account.repository';
import { identityRepository } from '../account/identity.repository';
import type { CustomerRow } from '../account/account.schema';
import { revokeApiKeyOnPasswordChange } from '../dns-api-key/dns-api-key.service';
import { mailService } from '../mail/mail.service';
import { CUSTOMER_MODULE_PATHS } from '../menu/customer-modules';
import { messages } from '../message/message.schema';
import { platformLang } from '../web-config/web-config.service';
import { customerAdminRepository } from './customer-admin.repository';
import { setOwnershipWaiver } from '../site/ownership-waiver';
import { takenField } from './taken-field';
import { pageOf } from '../../platform/db/paging';

function toSummary(row: CustomerRow): CustomerSummary {
  return {
    userId: row.id,
    username: row.username,
    mail: row.mail,
    mobile: row.mobile,
    enabled: row.enabled,
    googleAuthStatus: row.googleAuthStatus,
    propertyBalance: row.propertyBalance,
    realnameStatus: row.realnameStatus,
    note: row.note,
    unvalidModel: row.unvalidModel,
    maxForceUrl: row.maxForceUrl,
    ownershipWaived: row.ownershipWaived,
    createTime: row.createdAt.toISOString(),
  };
}

type Update = z.output<typeof customerUpdateRequestSchema>;
type Create = z.output<typeof customerCreateRequestSchema>;

/** 12 characters people read back without confusing them (no 0/O, 1/l/I). */
function newPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}

/** Admin view of customers: the list, "log in as this customer", and account management. */
export function customerAdminService(ctx: AppContext) {
  const repo = customerAdminRepository(ctx.db);
  const accounts = accountRepository(ctx.db);

  /** One customer's change and its audit row, in one transaction; an unknown id answers 404. */
  async function change(
    admin: Principal,
    caller: Caller,
    userId: number,
    action: string,
    values: Parameters<ReturnType<typeof customerAdminRepository>['update']>[1],
    ownershipWaived?: boolean,
  ): Promise<CustomerSummary> {
    return ctx.db.transaction(async (tx) => {
      const row = await customerAdminRepository(tx).update(userId, values);
      if (!row) throw notFound('account.customerNotFound');
      await ctx.audit.record(admin, caller.ip, { action, target: `customer:${row.id}` }, tx);
      if (ownershipWaived !== undefined) {
        const changed = await setOwnershipWaiver(tx, ctx.jobs, row.id, ownershipWaived);
        // Its own audit row: who let this customer's sites serve unproved, or took that back.
        if (changed)
          await ctx.audit.record(
            admin,
            caller.ip,
            {
              action: ownershipWaived ? 'account.ownershipWaived' : 'account.ownershipRequired',
              target: `customer:${row.id}`,
            },
            tx,
          );
        return toSummary({ ...row, ownershipWaived });
      }
      return toSummary(row);
    });
  }

  return {
    /**
     * All or none. Disabling ends every session of those customers in the same transaction (the
     * session cache hears it at once), so their next click asks them to log in, which they cannot.
     */
    async setEnabled(admin: Principal, userIds: number[], enabled: boolean, caller: Caller): Promise<number> {
      const ids = [...new Set(userIds)];
      return ctx.db.transaction(async (tx) => {
        const found = await customerAdminRepository(tx).setEnabled(ids, enabled);
        if (found.length !== ids.length) throw notFound('account.customerNotFound');
        if (!enabled) for (const id of ids) await ctx.sessions.revokeAllFor('customer', id, undefined, tx);
        // One row per customer, so each customer's operation log shows it.
        for (const id of ids)
          await ctx.audit.record(
            admin,
            caller.ip,
            { action: enabled ? 'account.enable' : 'account.disable', target: `customer:${id}` },
            tx,
          );
        return ids.length;
      });
    },

    /** Contact details must stay unique: a taken one answers "already bound". */
    async update(admin: Principal, request: Update, caller: Caller): Promise<CustomerSummary> {
      const unknown = request.unvalidModel?.find((path) => !CUSTOMER_MODULE_PATHS.has(path));
      if (unknown !== undefined) throw badRequest('validation.invalid', { field: { field: 'unvalidModel' } });
      const values = {
        mail: request.mail?.toLowerCase() ?? null,
        mobile: request.mobile ?? null,
        note: request.note,
        ...(request.unvalidModel ? { unvalidModel: [...new Set(request.unvalidModel)] } : {}),
        ...(request.maxForceUrl !== undefined ? { maxForceUrl: request.maxForceUrl } : {}),
      };
      return change(admin, caller, request.userId, 'account.update', values, request.ownershipWaived).catch(
        takenField('customers'),
      );
    },

    async create(admin: Principal, request: Create, caller: Caller): Promise<CustomerSummary> {
      const passwordHash = await hashPassword(request.password);
      return ctx.db
        .transaction(async (tx) => {
          const row = await customerAdminRepository(tx).insert({
            username: request.username,
            passwordHash,
            mail: request.mail?.toLowerCase() ?? null,
            mobile: request.mobile ?? null,
            note: request.note,
          });
          await ctx.audit.record(
            admin,
            caller.ip,
            { action: 'account.create', target: `customer:${row.id}` },
            tx,
          );
          return toSummary(row);
        })
        .catch(takenField('customers'));
    },

    /**
     * A new password for a customer who cannot sign in: shown once to the admin, who passes it
     * on. Every session of the customer ends, and their DNS API key (with its own letter); they
     * are told by letter (and e-mail when it is on), without the password.
     */
    async resetPassword(admin: Principal, userId: number, caller: Caller): Promise<CustomerPasswordReset> {
      const password = newPassword();
      const passwordHash = await hashPassword(password);
      const lang = await platformLang(ctx.db);
      const notice = {
        title: translate('account.passwordResetTitle', lang),
        content: translate('account.passwordResetContent', lang, {
          date: new Date().toISOString().slice(0, 10),
        }),
      };
      const row = await ctx.db.transaction(async (tx) => {
        const row = await customerAdminRepository(tx).update(userId, { passwordHash });
        if (!row) throw notFound('account.customerNotFound');
        await ctx.sessions.revokeAllFor('customer', userId, undefined, tx);
        await revokeApiKeyOnPasswordChange(ctx, tx, userId, admin, caller.ip);
        await tx.insert(messages).values({ ...notice, type: 1, customerId: userId });
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'account.password_reset', target: `customer:${userId}` },
          tx,
        );
        return row;
      });
      if (row.mail)
        await mailService(ctx.db)
          .sendNotice({ to: row.mail, subject: notice.title, text: notice.content })
          .catch(() => false);
      return { password };
    },

    /** For a customer who lost their authenticator: they log in with the password alone again. */
    async resetTotp(admin: Principal, userId: number, caller: Caller): Promise<CustomerSummary> {
      const values = { googleAuthStatus: false, googleAuthSecret: null, googleAuthLastStep: null };
      return change(admin, caller, userId, 'account.totp_reset', values);
    },

    async list(query: CustomerListQuery): Promise<Page<CustomerSummary>> {
      const { rows, total } = await repo.page(query);
      return pageOf(rows.map(toSummary), total, query);
    },

    /** A customer session marked with the admin's id; every later action by it is attributable. */
    async loginAs(admin: Principal, userId: number, caller: Caller): Promise<{ token: string }> {
      const row = await accounts.findCustomer(userId);
      if (!row) throw notFound('account.customerNotFound');
      if (!row.enabled) {
        await ctx.audit.record(admin, caller.ip, {
          action: 'account.login_as',
          target: `customer:${row.id}`,
          success: false,
          detail: { username: row.username, reason: 'disabled' },
        });
        throw forbidden('account.disabled');
      }
      return ctx.db.transaction(async (tx) => {
        // A disable of this admin running now waits for this session and then ends it too.
        if (!(await identityRepository(tx, ctx.changes).holdEnabled('admin', admin.id)))
          throw forbidden('account.disabled');
        const token = await ctx.sessions.open(
          'customer',
          row.id,
          { ip: caller.ip, userAgent: caller.userAgent, impersonatorAdminId: admin.id },
          tx,
        );
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'account.login_as', target: `customer:${row.id}`, detail: { username: row.username } },
          tx,
        );
        return { token };
      });
    },
  };
}
