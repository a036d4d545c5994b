import {
  standardRegistrationOpen,
  type CodeSendRequest,
  type ForgetRequest,
  type Lang,
  type RegisterRequest,
  type UserInfo,
} from '@nimbus/contract';
import { hashPassword } from '../../platform/auth/secrets';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { rowCache } from '../../platform/db/row-cache';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict, forbidden, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { captchaService } from '../captcha/captcha.service';
import { readWebConfigSection } from '../web-config/web-config.service';
import { revokeApiKeyOnPasswordChange } from '../dns-api-key/dns-api-key.service';
import { accountRepository, takenFieldOf } from './account.repository';
import { toUserInfo } from './account.mapper';
import type { customers } from './account.schema';
import { identityRepository } from './identity.repository';
import { verificationCodeService } from './verification-code.service';

const TAKEN = {
  username: 'account.usernameTaken',
  mail: 'account.mailTaken',
  mobile: 'account.mobileTaken',
} as const;

/** Customer self-service: user info, codes, registration and password reset by code. */
export function accountService(ctx: AppContext) {
  const repo = accountRepository(ctx.db);
  const codes = verificationCodeService(ctx);
  const captcha = captchaService(ctx.db);
  const userInfos = rowCache<UserInfo>(ctx.changes, 'customers', { ttlMs: 60_000, maxEntries: 10_000 });

  /**
   * Spec §2/§6: power.register = 1 closes registration; power.registerCommon = 0 closes this
   * username-and-password form (and the codes that serve only it). No power row means open.
   */
  async function refuseWhenRegistrationClosed() {
    const power = await readWebConfigSection(ctx.db, 'power');
    if (power.register === 1) throw forbidden('account.registerClosed');
    if (!standardRegistrationOpen(power)) throw forbidden('account.registerCommonClosed');
  }

  return {
    /** Every console page asks for it: served from memory until the customer's row changes. */
    async userInfo(customerId: number): Promise<UserInfo> {
      const info = await userInfos.get(customerId, async () => {
        const row = await repo.findCustomer(customerId);
        return row && toUserInfo(row);
      });
      // A session can outlive a deleted customer only by a bug; treat it as logged out.
      if (!info) throw unauthorized();
      return info;
    },

    /**
     * Register codes go only to an unused e-mail/mobile. Forget codes go only to a known one,
     * but the answer is the same either way so the call cannot list accounts.
     */
    async sendCode(input: CodeSendRequest, lang: Lang): Promise<void> {
      await captcha.consume(input.uuid, input.captcha);
      const target = { channel: input.channel, target: input.target, purpose: input.purpose };
      if (input.purpose === 'register') {
        await refuseWhenRegistrationClosed();
        const existing = await repo.findCustomerByTarget(input.channel, input.target);
        if (existing) throw conflict(input.channel === 'mail' ? 'account.mailTaken' : 'account.mobileTaken');
        return codes.send(target, lang);
      }
      const existing = await repo.findCustomerByTarget(input.channel, input.target);
      if (existing) await codes.send(target, lang);
    },

    /**
     * `bound` (a WeChat scan's binding ticket) adds the WeChat identity to the new row and spends
     * the ticket in the same transaction: either both happen or neither.
     */
    async register(
      input: RegisterRequest,
      caller: Caller,
      bound?: {
        columns: Pick<typeof customers.$inferInsert, 'wechatOpenid' | 'wechatNickname'>;
        spend: (tx: DbOrTx) => Promise<void>;
      },
    ): Promise<number> {
      await refuseWhenRegistrationClosed();
      const mail = input.mail?.toLowerCase();
      const taken = await repo.takenField({ username: input.username, mail, mobile: input.mobile });
      if (taken) throw conflict(TAKEN[taken]);
      const channel = mail ? 'mail' : 'sms';
      const codeId = await codes.verify(
        { channel, target: (mail ?? input.mobile)!, purpose: 'register' },
        input.code,
      );
      const passwordHash = await hashPassword(input.password);
      // The code is spent with the insert: a failed insert leaves it usable.
      return ctx.db.transaction(async (tx) => {
        await codes.spend(codeId, tx);
        await bound?.spend(tx);
        const txRepo = accountRepository(tx);
        let id: number;
        try {
          ({ id } = await txRepo.insertCustomer({
            username: input.username,
            mail,
            mobile: input.mobile,
            passwordHash,
            ...bound?.columns,
          }));
        } catch (error) {
          // Someone took one of them between the check and the insert: name the one they took.
          const field = takenFieldOf(error);
          if (field) throw conflict(TAKEN[field]);
          if (violatedUniqueConstraint(error) === 'customers_wechat_openid_unique')
            throw conflict('wechat.alreadyBound');
          throw error;
        }
        await ctx.audit.record(
          { kind: 'customer', id },
          caller.ip,
          {
            action: 'account.register',
            target: `customer:${id}`,
            detail: { channel, ...(bound && { wechat: true }) },
          },
          tx,
        );
        return id;
      });
    },

    /**
     * Resets the password with a code sent to the account's e-mail or mobile; every session and
     * the DNS API key end (the answer says whether there was a key).
     */
    async forget(input: ForgetRequest, caller: Caller): Promise<{ apiKeyRevoked: boolean }> {
      const row = await repo.findCustomerByTarget(input.channel, input.target);
      // No code is ever sent to an unknown target, so this fails as a wrong code would.
      const codeId = await codes.verify(
        { channel: input.channel, target: input.target, purpose: 'forget' },
        input.code,
      );
      if (!row) throw badRequest('account.codeIncorrect');
      const passwordHash = await hashPassword(input.password);
      return ctx.db.transaction(async (tx) => {
        await codes.spend(codeId, tx);
        await identityRepository(tx, ctx.changes).update('customer', row.id, { passwordHash });
        await ctx.sessions.revokeAllFor('customer', row.id, undefined, tx);
        const actor = { kind: 'customer' as const, id: row.id };
        const apiKeyRevoked = await revokeApiKeyOnPasswordChange(ctx, tx, row.id, actor, caller.ip);
        await ctx.audit.record(
          { kind: 'customer', id: row.id },
          caller.ip,
          { action: 'password.reset', target: `customer:${row.id}`, detail: { channel: input.channel } },
          tx,
        );
        return { apiKeyRevoked };
      });
    },
  };
}
