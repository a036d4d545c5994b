import {
  WECHAT_CONFIG_KEY,
  WECHAT_RETURN_PARAM,
  WECHAT_STATE_SECONDS,
  type UserInfo,
  type WechatAuthorize,
  type WechatLoginResponse,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { wechatOpen, type WechatApp } from '../../integrations/wechat/wechat-open';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { readConfigEntry } from '../config/config.read';
import { requirePublicConsoleUrl } from '../web-config/public-url';
import { customers } from './account.schema';
import { accountService } from './account.service';
import { identityRepository } from './identity.repository';
import { loginService } from './login.service';
import { wechatBindingService } from './wechat-binding.service';

type Purpose = 'bind' | 'login';
export type WechatConsole = 'cdn' | 'dns';

/** Where WeChat sends the browser back: a page of this console, never a path the caller names. */
const RETURN_PATHS: Record<Purpose, Record<WechatConsole, string>> = {
  bind: { cdn: '/cdn/account/info', dns: '/dns/account/info' },
  login: { cdn: '/login', dns: '/dns/login' },
};

interface State {
  purpose: Purpose;
  customerId?: number;
  expires: number;
}

/**
 * WeChat QR binding and login (open platform website login). The `state` WeChat carries back
 * is sealed with the server's key: it says what it is for, for whom and until when, so a code
 * obtained for one purpose or account cannot be used for another (CSRF, spec §7 bind).
 */
export function wechatService(ctx: AppContext) {
  const logins = loginService(ctx);
  const accounts = accountService(ctx);
  const identities = identityRepository(ctx.db, ctx.changes);
  const bindings = wechatBindingService(ctx);

  async function app(): Promise<WechatApp> {
    const entry = await readConfigEntry<{ appId?: string; appSecret?: string }>(ctx.db, WECHAT_CONFIG_KEY);
    const appId = entry?.value.appId?.trim();
    const appSecret = entry?.value.appSecret?.trim();
    if (entry?.status !== 1 || !appId || !appSecret) throw badRequest('wechat.notEnabled');
    return { appId, appSecret };
  }

  function seal(state: Omit<State, 'expires'>): string {
    return ctx.secrets.seal(JSON.stringify({ ...state, expires: Date.now() + WECHAT_STATE_SECONDS * 1000 }));
  }

  function unseal(sealed: string, purpose: Purpose): State {
    let state: State;
    try {
      state = JSON.parse(ctx.secrets.open(sealed)) as State;
    } catch {
      throw badRequest('wechat.stateInvalid');
    }
    if (state.purpose !== purpose || state.expires < Date.now()) throw badRequest('wechat.stateInvalid');
    return state;
  }

  async function authorize(purpose: Purpose, console: WechatConsole, customerId?: number) {
    const wechat = wechatOpen(await app(), ctx.config.wechatEndpoints);
    const origin = await requirePublicConsoleUrl(ctx);
    const returnTo = `${origin}${RETURN_PATHS[purpose][console]}?${WECHAT_RETURN_PARAM}=${purpose}`;
    return {
      url: wechat.authorizeUrl(returnTo, seal({ purpose, customerId })),
      expiresIn: WECHAT_STATE_SECONDS,
    } satisfies WechatAuthorize;
  }

  const identify = async (code: string) => wechatOpen(await app(), ctx.config.wechatEndpoints).identify(code);

  async function setBinding(customerId: number, openid: string | null, nickname: string | null) {
    try {
      await ctx.db
        .update(customers)
        .set({ wechatOpenid: openid, wechatNickname: nickname })
        .where(eq(customers.id, customerId));
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'customers_wechat_openid_unique')
        throw conflict('wechat.alreadyBound');
      throw error;
    } finally {
      ctx.changes.announce('customers', customerId);
    }
  }

  return {
    bindQrcode: (customer: Principal, console: WechatConsole) => authorize('bind', console, customer.id),

    loginQrcode: (console: WechatConsole) => authorize('login', console),

    async bind(
      customer: Principal,
      input: { code: string; state: string },
      caller: Caller,
    ): Promise<UserInfo> {
      const state = unseal(input.state, 'bind');
      if (state.customerId !== customer.id) throw badRequest('wechat.stateInvalid');
      const who = await identify(input.code);
      await setBinding(customer.id, who.openid, who.nickname);
      await ctx.audit.record(customer, caller.ip, {
        action: 'wechat.bind',
        detail: { nickname: who.nickname },
      });
      return accounts.userInfo(customer.id);
    },

    async unbind(customer: Principal, caller: Caller): Promise<UserInfo> {
      await setBinding(customer.id, null, null);
      await ctx.audit.record(customer, caller.ip, { action: 'wechat.unbind' });
      return accounts.userInfo(customer.id);
    },

    /**
     * The bound customer signs in (the same admission rules and second factor as a password);
     * an unbound scan gets a binding ticket for `/register-binding`.
     */
    async login(input: { code: string; state: string }, caller: Caller): Promise<WechatLoginResponse> {
      unseal(input.state, 'login');
      const who = await identify(input.code);
      const [row] = await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.wechatOpenid, who.openid));
      const identity = row ? await identities.findById('customer', row.id) : undefined;
      if (!identity) {
        // Not a dead end: `/register-binding` registers or binds an account with this ticket.
        await ctx.audit.record(null, caller.ip, {
          action: 'login.failed',
          success: false,
          detail: { kind: 'customer', reason: 'wechat_not_bound' },
        });
        return bindings.issue(who);
      }
      return logins.signIn('customer', identity, caller, 'wechat');
    },
  };
}
