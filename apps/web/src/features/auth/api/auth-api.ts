import {
  ACCOUNT_API,
  type CodeSendRequest,
  type ForgetRequest,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type WechatAuthorize,
  type WechatBindingLoginRequest,
  type WechatBindingRegisterRequest,
  type WechatCodeRequest,
  type WechatLoginResponse,
  type WechatTicketInfo,
  WECHAT_PATHS,
} from '@nimbus/contract';
import { currentVariant } from '@/app/variant';
import { api } from '@/shared/api/client';

/** Customer consoles log in through `app/`, admin consoles through `sys/` (separate identities). */
const paths = currentVariant.side === 'admin' ? ACCOUNT_API.admin : ACCOUNT_API.customer;

/** The captcha image for one uuid; each uuid's answer is single-use on the server. */
export function captchaUrl(uuid: string): string {
  return `/api/${paths.captcha}?uuid=${encodeURIComponent(uuid)}`;
}

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>(paths.login, body),
  loginTotp: (body: { challenge: string; code: string }) =>
    api.post<{ token: string }>(paths.loginTotp, body),
  sendCode: (body: CodeSendRequest) => api.post<void>(ACCOUNT_API.customer.sendCode, body),
  register: (body: RegisterRequest) => api.post<void>(ACCOUNT_API.customer.register, body),
  forget: (body: ForgetRequest) => api.post<void>(ACCOUNT_API.customer.forget, body),
  /** Where to send the browser to scan; WeChat brings it back to this console's login page. */
  wechatLoginUrl: () =>
    api.get<WechatAuthorize>(WECHAT_PATHS.loginQrcode, { console: currentVariant.product }),
  /** A session, the TOTP step, or (an unbound scan) a ticket for `/register-binding`. */
  wechatLogin: (body: WechatCodeRequest) => api.post<WechatLoginResponse>(WECHAT_PATHS.login, body),
  wechatTicket: (ticket: string) => api.get<WechatTicketInfo>(WECHAT_PATHS.bindingTicket, { ticket }),
  wechatBindingRegister: (body: WechatBindingRegisterRequest) =>
    api.post<LoginResponse>(WECHAT_PATHS.bindingRegister, body),
  wechatBindingLogin: (body: WechatBindingLoginRequest) =>
    api.post<LoginResponse>(WECHAT_PATHS.bindingLogin, body),
};
