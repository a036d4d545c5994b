import {
  WECHAT_BINDING_TICKET_SECONDS,
  type LoginResponse,
  type WechatBindingLoginRequest,
  type WechatBindingRegisterRequest,
  type WechatTicketInfo,
} from '@nimbus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/auth/secrets';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from './account.schema';
import { accountService } from './account.service';
import { admissionRefusal } from './admission';
import { identityRepository, oneTimeTokenRepository } from './identity.repository';
import { loginService } from './login.service';

const PURPOSE = 'wechat_binding';
/** The ticket names no account yet: the row's principal is "none". */
const NO_PRINCIPAL = { principalKind: 'customer', principalId: 0 } as const;

interface Scanned {
  openid: string;
  nickname: string | null;
}

/**
 * An unbound WeChat scan is not a dead end: it gets a short-lived, single-use ticket (stored
 * hashed, the WeChat identity in the row, never in the URL) with which `/register-binding`
 * either registers a new account or binds an existing one by its password, then signs in.
 * The ticket is checked first and spent only with the binding itself, so a wrong password or
 * code can be corrected without scanning again.
 */
export function wechatBindingService(ctx: AppContext) {
  const tickets = oneTimeTokenRepository(ctx.db);
  const logins = loginService(ctx);
  const accounts = accountService(ctx);

  async function scannedBy(ticket: string): Promise<{ who: Scanned; expiresAt: Date }> {
    const row = await tickets.peek(PURPOSE, hashToken(ticket), 'customer');
    const who = row?.payload as Partial<Scanned> | undefined;
    if (!row || !who?.openid) throw badRequest('wechat.ticketInvalid');
    return { who: { openid: who.openid, nickname: who.nickname ?? null }, expiresAt: row.expiresAt };
  }

  /** Spends the ticket inside the binding's transaction: used or expired by now refuses it. */
  async function spend(ticket: string, tx: DbOrTx) {
    const row = await oneTimeTokenRepository(tx).redeem(PURPOSE, hashToken(ticket), 'customer');
    if (!row) throw badRequest('wechat.ticketInvalid');
  }

  return {
    async issue(who: Scanned): Promise<{ bindingTicket: string; expiresIn: number }> {
      const ticket = randomToken();
      await tickets.insert({
        purpose: PURPOSE,
        tokenHash: hashToken(ticket),
        ...NO_PRINCIPAL,
        payload: { openid: who.openid, nickname: who.nickname },
        expiresAt: new Date(Date.now() + WECHAT_BINDING_TICKET_SECONDS * 1000),
      });
      return { bindingTicket: ticket, expiresIn: WECHAT_BINDING_TICKET_SECONDS };
    },

    async info(ticket: string): Promise<WechatTicketInfo> {
      const { who, expiresAt } = await scannedBy(ticket);
      return {
        nickname: who.nickname,
        expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      };
    },

    /** A new account, as registration makes it (same switches and code), bound to the scan. */
    async register(input: WechatBindingRegisterRequest, caller: Caller): Promise<LoginResponse> {
      const { ticket, ...account } = input;
      const { who } = await scannedBy(ticket);
      const id = await accounts.register(account, caller, {
        columns: { wechatOpenid: who.openid, wechatNickname: who.nickname },
        spend: (tx) => spend(ticket, tx),
      });
      ctx.changes.announce('customers', id);
      const row = await identityRepository(ctx.db, ctx.changes).findById('customer', id);
      return logins.signIn('customer', row!, caller, 'wechat');
    },

    /** An existing account, proven by its password (throttled as a login), gets the scan bound. */
    async bindExisting(input: WechatBindingLoginRequest, caller: Caller): Promise<LoginResponse> {
      const { ticket, ...credentials } = input;
      const { who } = await scannedBy(ticket);
      const row = await logins.checkPassword('customer', credentials, caller);
      // A disabled account or a refused address binds nothing: signIn audits and refuses it.
      if (admissionRefusal(row, caller.ip)) return logins.signIn('customer', row, caller, 'wechat');
      await ctx.db.transaction(async (tx) => {
        await spend(ticket, tx);
        let updated: { id: number }[];
        try {
          updated = await tx
            .update(customers)
            .set({ wechatOpenid: who.openid, wechatNickname: who.nickname })
            .where(and(eq(customers.id, row.id), isNull(customers.wechatOpenid)))
            .returning({ id: customers.id });
        } catch (error) {
          if (violatedUniqueConstraint(error) === 'customers_wechat_openid_unique')
            throw conflict('wechat.alreadyBound');
          throw error;
        }
        if (updated.length === 0) throw conflict('wechat.accountHasWechat');
        await ctx.audit.record(
          { kind: 'customer', id: row.id },
          caller.ip,
          {
            action: 'wechat.bind',
            detail: { nickname: who.nickname, via: 'register-binding' },
          },
          tx,
        );
      });
      ctx.changes.announce('customers', row.id);
      return logins.signIn('customer', row, caller, 'wechat');
    },
  };
}
