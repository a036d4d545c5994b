/** WeChat paths and constants without zod: the login page (first load) imports them. */
export const WECHAT_PATHS = {
  bindQrcode: 'app/account/bind/wechat/qrcode_v2',
  bind: 'app/account/bind',
  unbind: 'app/account/unbind/wechat',
  loginQrcode: 'app/account/login/wechat/qrcode',
  login: 'app/account/login/wechat',
} as const;

export const WECHAT_CONFIG_KEY = 'WXLOGIN_CONFIG_KEY';

/** The query WeChat appends when it sends the browser back to the console. */
export const WECHAT_RETURN_PARAM = 'wechat';

/** A `state` is good for this long: the QR page expires sooner. */
export const WECHAT_STATE_SECONDS = 600;
