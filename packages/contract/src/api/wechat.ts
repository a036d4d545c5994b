import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema, registerRequestSchema } from './account';

/**
 * WeChat binding and login through the open platform's website QR login (spec §7, system config
 * WXLOGIN_CONFIG_KEY, id 11). The console sends the browser to WeChat's QR page; after the scan
 * WeChat sends it back to the console with `code` and `state`, which the console posts here.
 *
 *   GET  app/account/bind/wechat/qrcode_v2          → WechatAuthorize (customer: bind)
 *   POST app/account/bind        WechatCodeRequest   → UserInfo, WeChat bound
 *   POST app/account/unbind/wechat                   → UserInfo, WeChat unbound
 *   GET  app/account/login/wechat/qrcode             → WechatAuthorize (public: log in)
 *   POST app/account/login/wechat WechatCodeRequest  → WechatLoginResponse
 *   GET  app/account/login/wechat/ticket?ticket=     → WechatTicketInfo (public)
 *   POST app/account/login/wechat/register           → LoginResponse (public: new account + bind)
 *   POST app/account/login/wechat/bind               → LoginResponse (public: password + bind)
 */
/** The record's value: the website application's AppID and AppSecret (write-only). */
export const wechatConfigSchema = z.object({
  appId: z.string().trim().min(1, { message: 'validation.required' }).max(64),
  /** Blank on update keeps the stored secret. */
  appSecret: z.string().trim().max(128).default(''),
});
export type WechatConfig = z.infer<typeof wechatConfigSchema>;

/** Where the browser goes to scan, and how long the `state` in it stays valid. */
export const wechatAuthorizeSchema = z.object({ url: z.string(), expiresIn: z.number().int() });
export type WechatAuthorize = z.infer<typeof wechatAuthorizeSchema>;

export const wechatCodeRequestSchema = z.object({
  /** Only WeChat is bound this way today. */
  type: z.literal('wechat').default('wechat'),
  code: z.string().trim().min(1, { message: 'validation.required' }).max(512),
  state: z.string().trim().min(1, { message: 'validation.required' }).max(2048),
});
export type WechatCodeRequest = z.input<typeof wechatCodeRequestSchema>;

/** A bound scan logs in; an unbound one gets a ticket for `/register-binding`. */
export const wechatLoginResponseSchema = z.union([
  loginResponseSchema,
  z.object({ bindingTicket: z.string(), expiresIn: z.number().int() }),
]);
export type WechatLoginResponse = z.infer<typeof wechatLoginResponseSchema>;

const ticketField = z.string({ message: 'validation.required' }).trim().min(1).max(200);
export const wechatTicketQuerySchema = z.object({ ticket: ticketField });

/** The ticket is still good: whose WeChat it is (nickname only) and for how long. */
export const wechatTicketInfoSchema = z.object({
  nickname: z.string().nullable(),
  expiresIn: z.number().int(),
});
export type WechatTicketInfo = z.infer<typeof wechatTicketInfoSchema>;

/** What registration asks (username, password, an e-mail or mobile proven by a code) + the ticket. */
export const wechatBindingRegisterRequestSchema = z
  .object({ ticket: ticketField })
  .and(registerRequestSchema);
export type WechatBindingRegisterRequest = z.infer<typeof wechatBindingRegisterRequestSchema>;

/** What password login asks (captcha included) + the ticket. */
export const wechatBindingLoginRequestSchema = loginRequestSchema.extend({ ticket: ticketField });
export type WechatBindingLoginRequest = z.infer<typeof wechatBindingLoginRequestSchema>;
