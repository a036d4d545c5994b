import { z } from 'zod';

/**
 * WeChat binding and login through the open platform's website QR login (spec §7, system config
 * WXLOGIN_CONFIG_KEY, id 11). The console sends the browser to WeChat's QR page; after the scan
 * WeChat sends it back to the console with `code` and `state`, which the console posts here.
 *
 *   GET  app/account/bind/wechat/qrcode_v2          → WechatAuthorize (customer: bind)
 *   POST app/account/bind        WechatCodeRequest   → UserInfo, WeChat bound
 *   POST app/account/unbind/wechat                   → UserInfo, WeChat unbound
 *   GET  app/account/login/wechat/qrcode             → WechatAuthorize (public: log in)
 *   POST app/account/login/wechat WechatCodeRequest  → LoginResponse
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
