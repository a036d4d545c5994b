/*
 * Accounts: customer (`app/`) and admin (`sys/`) identities are separate; every path below is
 * under the API root `/api`. Unless noted, answers use the envelope `{ code, msg, data }` and
 * need the `token` header (a missing or dead one answers code 401; the other identity's token
 * answers 403). Public calls never answer 401: a failed login or exchange is code 400, a locked
 * login 429, a disabled account or refused IP 403. Booleans are JSON booleans (googleAuthStatus, whiteIpStatus).
 * Times are ISO 8601 strings (UTC). Money is integer cents.
 */

// Paths and limits without zod, so the login page can use them without loading the schemas.

export const ACCOUNT_API = {
  customer: {
    /** GET ?uuid= → image/svg+xml (an SVG, despite the historical .jpg name). Public. */
    captcha: 'app/account/kaptcha.jpg',
    /** POST loginRequestSchema → data: loginResponseSchema. Public. */
    login: 'app/account/login',
    /** POST totpLoginRequestSchema → data: { token }. Public. */
    loginTotp: 'app/account/login/totp',
    /** POST → no data. */
    logout: 'app/account/logout',
    /** GET → data: userInfoSchema. */
    userInfo: 'app/account/userinfo',
    /** POST codeSendRequestSchema → no data. Public. */
    sendCode: 'app/account/code/send',
    /** POST registerRequestSchema → no data (then log in). Public. */
    register: 'app/account/register',
    /** POST forgetRequestSchema → no data; every session of the account is revoked. Public. */
    forget: 'app/account/forget',
    /**
     * POST bindCodeSendRequestSchema (account-bind.ts) → no data: a code to the e-mail or mobile
     * the customer wants to bind or change to. Captcha, 60 s spacing per address and the code
     * store of registration; an address another account has answers 409 ("already bound").
     */
    bindCodeSend: 'app/account/bind/code/send',
    /**
     * POST bindAddressRequestSchema → data: userInfoSchema. Binds (no address on that channel yet)
     * or changes (then `password` too) the e-mail or mobile; the code must have been sent to
     * this address for this customer. No session or key ends. WeChat stays on `app/account/bind`.
     */
    bindAddress: 'app/account/bind/address',
    /** POST changePasswordRequestSchema → no data; other sessions are revoked. */
    changePassword: 'app/account/changepwd',
    /** GET → data: totpSetupResponseSchema (starts enrolment; a new call replaces the pending secret). */
    totpSetup: 'app/account/totp/setup',
    /** POST totpEnableRequestSchema → no data. */
    totpEnable: 'app/account/totp/enable',
    /** POST totpDisableRequestSchema → no data. */
    totpDisable: 'app/account/totp/disable',
    /** GET → data: whiteIpResponseSchema. */
    whiteIp: 'app/account/whiteip',
    /** POST whiteIpSaveRequestSchema → data: whiteIpResponseSchema. */
    whiteIpSave: 'app/account/whiteip/save',
    /**
     * POST (empty body) → data: accessTokenIssueResponseSchema: the one-time token that opens the
     * other console (CDN ↔ DNS). Not the spec's `update/dns_access_token`: that path issues the
     * DNS API key (DNS_API_KEY_PATHS, ADR 0024).
     */
    issueAccessToken: 'app/account/access/token',
    /**
     * GET ?access_token= → `{ code, msg, token, user }` (token and user beside code, spec §7;
     * see accessTokenExchangeResponseSchema). Public; the access token works once, for 2 minutes,
     * while the session that asked for it lives; the new session ends no later than that one.
     */
    accessLogin: 'app/account/access/login',
  },
  admin: {
    captcha: 'sys/account/kaptcha.jpg',
    login: 'sys/account/login',
    loginTotp: 'sys/account/login/totp',
    logout: 'sys/account/logout',
    /** GET → data: adminInfoSchema. */
    userInfo: 'sys/account/userinfo',
    changePassword: 'sys/account/changepwd',
    totpSetup: 'sys/account/totp/setup',
    totpEnable: 'sys/account/totp/enable',
    totpDisable: 'sys/account/totp/disable',
    whiteIp: 'sys/account/whiteip',
    whiteIpSave: 'sys/account/whiteip/save',
    /** GET customerListQuerySchema (query string) → data: page of customerSummarySchema. */
    customerList: 'sys/account/user/list',
    /**
     * POST loginAsRequestSchema → data: { token }: a customer session opened by this admin
     * (audited). The web opens `/cdn/dashboard?token=<token>` (an allowAdmin route).
     */
    loginAs: 'sys/account/user/login-as',
    /** POST customerStatusRequestSchema → data: { changed }. */
    customerStatus: 'sys/account/user/status',
    /** POST customerUpdateRequestSchema → data: customerSummarySchema. */
    customerUpdate: 'sys/account/user/update',
    /** POST loginAsRequestSchema (userId) → data: customerSummarySchema, 2FA off and its secret gone. */
    customerTotpReset: 'sys/account/user/totp/reset',
    /** GET customerListQuerySchema (query string) → data: page of adminSummarySchema. */
    adminList: 'sys/account/admin/list',
    /** POST adminCreateRequestSchema → data: adminSummarySchema. */
    adminCreate: 'sys/account/admin/create',
    /** POST adminStatusRequestSchema → data: adminSummarySchema; disabling ends their sessions. */
    adminStatus: 'sys/account/admin/status',
    /** GET → data: { list: customerModuleSchema[] }: the paths unvalidModel may name. */
    customerModules: 'sys/account/user/modules',
    /** POST customerCreateRequestSchema → data: customerSummarySchema. */
    customerCreate: 'sys/account/user/create',
    /**
     * POST loginAsRequestSchema (userId) → data: customerPasswordResetSchema. The customer's
     * sessions end and they are told (letter, and e-mail when it is on), without the password.
     */
    customerPasswordReset: 'sys/account/user/password/reset',
  },
} as const;

export const CODE_CHANNELS = ['mail', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export const CODE_PURPOSES = ['register', 'forget'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Seconds: how long a code or token lives, and resend spacing (the web shows countdowns). */
export const ACCOUNT_LIMITS = {
  captchaTtlSeconds: 300,
  codeTtlSeconds: 600,
  codeResendSeconds: 60,
  codeMaxAttempts: 5,
  totpChallengeTtlSeconds: 300,
  accessTokenTtlSeconds: 120,
  /**
   * Login throttling (ADR 0034): this many tries per account, or per address, go without delay;
   * each further one waits a delay that starts here and doubles, up to the cap. A try that is
   * refused for waiting does not count, so nobody is ever locked out for longer than the cap.
   */
  loginFreeTriesPerAccount: 5,
  loginFreeTriesPerIp: 20,
  loginFirstDelaySeconds: 15,
  loginMaxDelaySecondsPerAccount: 300,
  loginMaxDelaySecondsPerIp: 900,
  /** Tries are forgotten after this long without one. */
  loginForgetMinutes: 60,
  whiteIpMax: 50,
} as const;
