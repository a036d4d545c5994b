import type { BindAddressRequest, BindCodeSendRequest, CodeChannel, Lang, UserInfo } from '@nimbus/contract';
import { confirmPassword } from '../../platform/auth/password-confirm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { captchaService } from '../captcha/captcha.service';
import { accountRepository, takenFieldOf } from './account.repository';
import type { CustomerRow } from './account.schema';
import { accountService } from './account.service';
import { identityRepository } from './identity.repository';
import { verificationCodeService } from './verification-code.service';

/** The spec's "already bound" message for each channel (spec §8). */
const TAKEN = { mail: 'account.mailTaken', sms: 'account.mobileTaken' } as const;

const normalise = (channel: CodeChannel, target: string) =>
  channel === 'mail' ? target.trim().toLowerCase() : target.trim();
const currentOf = (row: CustomerRow, channel: CodeChannel) =>
  channel === 'mail' ? (row.mail?.toLowerCase() ?? null) : row.mobile;

export interface BindOutcome {
  info: UserInfo;
  /** True when an address was replaced, false when the first one was bound. */
  changed: boolean;
}

/**
 * A customer binds or changes their e-mail or mobile from account info. The code goes to the
 * new address (proving it is theirs) and is tied to this customer; a change also needs the login
 * password. Sessions, the DNS API key and WeChat are left alone: nothing about the login changes.
 */
export function bindAddressService(ctx: AppContext) {
  const repo = accountRepository(ctx.db);
  const codes = verificationCodeService(ctx);
  const captcha = captchaService(ctx.db);
  const accounts = accountService(ctx);

  async function load(customer: Principal): Promise<CustomerRow> {
    const row = await repo.findCustomer(customer.id);
    if (!row) throw unauthorized();
    return row;
  }

  /** Refuses the address the customer already has and one another account has (without naming it). */
  async function refuseUnusable(row: CustomerRow, channel: CodeChannel, target: string) {
    if (currentOf(row, channel) === target) throw badRequest('account.bindSameAddress');
    const holder = await repo.findCustomerByTarget(channel, target);
    if (holder && holder.id !== row.id) throw conflict(TAKEN[channel]);
  }

  return {
    async sendCode(customer: Principal, input: BindCodeSendRequest, lang: Lang): Promise<void> {
      await captcha.consume(input.uuid, input.captcha);
      const row = await load(customer);
      const target = normalise(input.channel, input.target);
      await refuseUnusable(row, input.channel, target);
      await codes.send({ channel: input.channel, target, purpose: 'bind', owner: row.id }, lang);
    },

    async bind(customer: Principal, input: BindAddressRequest, caller: Caller): Promise<BindOutcome> {
      const row = await load(customer);
      const target = normalise(input.channel, input.target);
      await refuseUnusable(row, input.channel, target);
      const changed = currentOf(row, input.channel) !== null;
      // The password is checked before the code, so a wrong password does not use up a try.
      if (changed) {
        if (!input.password) throw badRequest('account.bindPasswordRequired');
        const account = { kind: 'customer' as const, id: row.id };
        if (!(await confirmPassword(ctx.db, account, row.passwordHash, input.password))) {
          await ctx.audit.record(customer, caller.ip, {
            action: 'account.bind',
            success: false,
            detail: { channel: input.channel, reason: 'password' },
          });
          throw badRequest('account.passwordIncorrect');
        }
      }
      const codeId = await codes.verify(
        { channel: input.channel, target, purpose: 'bind', owner: row.id },
        input.code,
      );
      const column = input.channel === 'mail' ? { mail: target } : { mobile: target };
      // The code is spent with the update: a refused update leaves it usable.
      await ctx.db.transaction(async (tx) => {
        await codes.spend(codeId, tx);
        try {
          await identityRepository(tx, ctx.changes).update('customer', row.id, column);
        } catch (error) {
          // Another account took it between the check and the update.
          if (takenFieldOf(error)) throw conflict(TAKEN[input.channel]);
          throw error;
        }
        await ctx.audit.record(
          customer,
          caller.ip,
          {
            action: 'account.bind',
            target: `customer:${row.id}`,
            detail: { channel: input.channel, changed },
          },
          tx,
        );
      });
      return { info: await accounts.userInfo(row.id), changed };
    },
  };
}
