/**
 * Console API routes anyone may call: logging in, registering (also from an unbound WeChat scan),
 * the public web config and notices.
 */
export const PUBLIC_CONSOLE_ROUTES: readonly string[] = [
  'GET /api/app/account/kaptcha.jpg',
  'GET /api/sys/account/kaptcha.jpg',
  'POST /api/app/account/login',
  'POST /api/sys/account/login',
  'POST /api/app/account/login/totp',
  'POST /api/sys/account/login/totp',
  'POST /api/app/account/code/send',
  'POST /api/app/account/register',
  'POST /api/app/account/forget',
  'GET /api/app/account/access/login',
  'GET /api/app/common/web/config',
  'GET /api/app/common/web/agent',
  'GET /api/app/common/web/update/log',
  'POST /api/app/common/notice/list',
  'GET /api/app/account/login/wechat/qrcode',
  'POST /api/app/account/login/wechat',
  // An unbound WeChat scan's binding ticket is the credential (single use, ten minutes).
  'GET /api/app/account/login/wechat/ticket',
  'POST /api/app/account/login/wechat/register',
  'POST /api/app/account/login/wechat/bind',
];
