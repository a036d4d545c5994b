/** WeChat paths and constants without zod: the login page (first load) imports them. */
export const WECHAT_PATHS = {
  bindQrcode: 'app/account/bind/wechat/qrcode_v2',
  bind: 'app/account/bind',
  unbind: 'app/account/unbind/wechat',
  loginQrcode: 'app/account/login/wechat/qrcode',
  login: 'app/account/login/wechat',
  /** GET ?ticket= → WechatTicketInfo: is the binding ticket of an unbound scan still good. Public. */
  bindingTicket: 'app/account/login/wechat/ticket',
  /** POST WechatBindingRegisterRequest → LoginResponse: a new account bound to the scan. Public. */
  bindingRegister: 'app/account/login/wechat/register',
  /** POST WechatBindingLoginRequest → LoginResponse: an existing account (password) bound to it. Public. */
  bindingLogin: 'app/account/login/wechat/bind',
} as const;

export const WECHAT_CONFIG_KEY = 'WXLOGIN_CONFIG_KEY';

/** The query WeChat appends when it sends the browser back to the console. */
export const WECHAT_RETURN_PARAM = 'wechat';

/** A `state` is good for this long: the QR page expires sooner. */
export const WECHAT_STATE_SECONDS = 600;

/**
 * An unbound scan gets a single-use ticket for `/register-binding?ticket=…`; the WeChat identity
 * stays on the server, the URL carries only the ticket.
 */
export const WECHAT_TICKET_PARAM = 'ticket';
export const WECHAT_BINDING_TICKET_SECONDS = 600;
