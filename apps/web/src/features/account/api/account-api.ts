import {
  ACCOUNT_API,
  type BindAddressRequest,
  type BindCodeSendRequest,
  type ChangePasswordRequest,
  type TotpSetupResponse,
  type UserInfo,
  type WechatAuthorize,
  type WechatCodeRequest,
  type WhiteIpResponse,
  type WhiteIpSaveRequest,
  WECHAT_PATHS,
} from '@nimbus/contract';
import { currentVariant } from '@/app/variant';
import { api } from '@/shared/api/client';

/** The signed-in identity's own calls: `app/` on customer consoles, `sys/` on admin consoles. */
const own = currentVariant.side === 'admin' ? ACCOUNT_API.admin : ACCOUNT_API.customer;

export const whiteIpQueryKey = ['account', 'white-ip', currentVariant.variant] as const;

export const accountApi = {
  /** WeChat's QR page for binding; WeChat brings the browser back to this console's account info. */
  wechatBindUrl: () => api.get<WechatAuthorize>(WECHAT_PATHS.bindQrcode, { console: currentVariant.product }),
  wechatBind: (body: WechatCodeRequest) => api.post<UserInfo>(WECHAT_PATHS.bind, body),
  wechatUnbind: () => api.post<UserInfo>(WECHAT_PATHS.unbind),
  /** A code to the e-mail/mobile the customer wants to bind or change to (captcha as on sign-up). */
  bindCodeSend: (body: BindCodeSendRequest) => api.post<void>(ACCOUNT_API.customer.bindCodeSend, body),
  /** Binds or changes the e-mail/mobile; a change also needs the password. */
  bindAddress: (body: BindAddressRequest) => api.post<UserInfo>(ACCOUNT_API.customer.bindAddress, body),
  changePassword: (body: ChangePasswordRequest) => api.post<void>(own.changePassword, body),
  /** Starts (or restarts) enrolment: a new secret replaces any pending one. */
  totpSetup: () => api.get<TotpSetupResponse>(own.totpSetup),
  totpEnable: (body: { code: string }) => api.post<void>(own.totpEnable, body),
  /** Needs a current authenticator code or the account password. */
  totpDisable: (body: { code?: string; password?: string }) => api.post<void>(own.totpDisable, body),
  whiteIp: (signal?: AbortSignal) =>
    api.get<WhiteIpResponse>(ACCOUNT_API.customer.whiteIp, undefined, signal),
  saveWhiteIp: (body: WhiteIpSaveRequest) =>
    api.post<WhiteIpResponse>(ACCOUNT_API.customer.whiteIpSave, body),
  /** A single-use, short-lived token another console exchanges for a login (spec §2 access_token). */
  issueAccessToken: () =>
    api.post<{ accessToken: string; expiresIn: number }>(ACCOUNT_API.customer.issueAccessToken),
};
