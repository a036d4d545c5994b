import type { LocalizedMessages } from './types';

/** Login, registration, passwords, 2FA, login white IP and token exchange (api/account.ts). */
export const accountMessages = {
  'account.captchaIncorrect': { cn: '验证码错误', en: 'Captcha incorrect' },
  'account.loginFailed': { cn: '登录失败，用户名或密码错误', en: 'Login failed: wrong username or password' },
  'account.loginThrottled': {
    cn: '登录失败次数过多，请 {seconds} 秒后再试',
    en: 'Too many failed logins, please try again in {seconds} s',
  },
  'account.payPasswordThrottled': {
    cn: '支付密码错误次数过多，请 {seconds} 秒后再试',
    en: 'Too many wrong pay passwords, please try again in {seconds} s',
  },
  'account.passwordThrottled': {
    cn: '密码错误次数过多，请 {seconds} 秒后再试',
    en: 'Too many wrong passwords, please try again in {seconds} s',
  },
  'account.passwordChangedApiKeyRevoked': {
    cn: '密码已修改；您的 DNS API 密钥已同时作废，如需使用请在 DNS 控制台重新生成',
    en: 'Password changed; your DNS API key was revoked with it, issue a new one in the DNS console if you need it',
  },
  'account.passwordResetApiKeyRevoked': {
    cn: '密码已重置，请登录；您的 DNS API 密钥已同时作废，如需使用请在 DNS 控制台重新生成',
    en: 'Password reset, please log in; your DNS API key was revoked with it, issue a new one in the DNS console if you need it',
  },
  'account.apiKeyRevokedTitle': { cn: '您的 DNS API 密钥已作废', en: 'Your DNS API key was revoked' },
  'account.apiKeyRevokedNotice': {
    cn: '因登录密码已修改或重置，您的 DNS API 密钥已作废，使用它的程序将无法访问。如需使用请在 DNS 控制台重新生成。',
    en: 'As your login password was changed or reset, your DNS API key was revoked and programs using it are refused. Issue a new one in the DNS console if you need it.',
  },
  'account.disabled': {
    cn: '账号已被禁用，请联系管理员',
    en: 'This account is disabled, please contact the administrator',
  },
  'account.ipNotAllowed': {
    cn: '当前 IP（{ip}）不在登录白名单中',
    en: 'Your IP ({ip}) is not in this account’s login white list',
  },
  'account.loggedOut': { cn: '已退出登录', en: 'Signed out' },
  'account.codeFormat': { cn: '{field}应为 6 位数字', en: '{field} must be 6 digits' },
  'account.totpIncorrect': { cn: '动态验证码错误', en: 'The authenticator code is incorrect' },
  'account.totpLoginIncorrect': {
    cn: '动态验证码错误，请重新登录',
    en: 'The authenticator code is incorrect, please log in again',
  },
  'account.totpCodeUsed': {
    cn: '该动态验证码已使用过，请等待下一个验证码',
    en: 'This authenticator code has already been used, wait for the next one',
  },
  'account.totpLoginCodeUsed': {
    cn: '该动态验证码已使用过，请等待下一个验证码后重新登录',
    en: 'This authenticator code has already been used, wait for the next one and log in again',
  },
  'account.totpChallengeExpired': {
    cn: '登录验证已过期，请重新登录',
    en: 'The login step has expired, please log in again',
  },
  'account.totpNotStarted': { cn: '请先获取二维码并扫码绑定', en: 'Get the QR code and scan it first' },
  'account.totpAlreadyOn': { cn: '已开启谷歌验证', en: 'Two-factor authentication is already on' },
  'account.totpNotOn': { cn: '未开启谷歌验证', en: 'Two-factor authentication is not on' },
  'account.totpEnabled': { cn: '谷歌验证已开启', en: 'Two-factor authentication is on' },
  'account.totpDisabled': { cn: '谷歌验证已关闭', en: 'Two-factor authentication is off' },
  'account.codeOrPassword': {
    cn: '请输入动态验证码或登录密码',
    en: 'Enter an authenticator code or your password',
  },
  'account.registerClosed': { cn: '系统已关闭注册', en: 'Registration is closed' },
  'account.registerCommonClosed': {
    cn: '本站未开放用户名密码注册',
    en: 'Registration with a username and password is not offered on this site',
  },
  'account.registered': { cn: '注册成功，请登录', en: 'Registered, please log in' },
  'account.usernameTaken': { cn: '用户名已被使用', en: 'This username is already taken' },
  'account.mailTaken': { cn: '该邮箱已被绑定', en: 'This e-mail is already bound to an account' },
  'account.mobileTaken': { cn: '该手机号已被绑定', en: 'This mobile number is already bound to an account' },
  'account.mailOrMobile': {
    cn: '请填写接收验证码的邮箱或手机号（二选一）',
    en: 'E-mail or mobile number: give the one the code was sent to (one of them)',
  },
  'account.codeSent': { cn: '验证码已发送', en: 'The code has been sent' },
  'account.codeTooSoon': {
    cn: '发送过于频繁，请 {seconds} 秒后再试',
    en: 'Please wait {seconds} seconds before asking for another code',
  },
  'account.codeIncorrect': {
    cn: '验证码错误或已过期',
    en: 'The verification code is wrong or has expired',
  },
  'account.codeAttemptsExceeded': {
    cn: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, please ask for a new one',
  },
  'account.passwordReset': {
    cn: '密码已重置，请重新登录',
    en: 'Your password has been reset, please log in',
  },
  'account.oldPasswordWrong': { cn: '原密码错误', en: 'The old password is wrong' },
  'account.passwordChanged': { cn: '密码修改成功', en: 'Password changed' },
  'account.passwordIncorrect': { cn: '密码错误', en: 'The password is wrong' },
  'account.whiteIpInvalid': {
    cn: '白名单 IP 格式错误：{value}',
    en: 'Not an IP address or CIDR range: {value}',
  },
  'account.whiteIpTooMany': { cn: '白名单最多 50 条', en: 'At most 50 white list entries' },
  'account.whiteIpEmpty': {
    cn: '开启登录白名单前请至少添加一个 IP',
    en: 'Add at least one IP before turning the login white list on',
  },
  'account.whiteIpLockout': {
    cn: '当前 IP（{ip}）不在白名单中，开启后您将无法登录，请先添加它',
    en: 'Your current IP ({ip}) is not in the list: turning this on would lock you out. Add it first',
  },
  'account.accessTokenInvalid': {
    cn: '访问令牌无效或已过期，请重新登录',
    en: 'The access token is invalid or has expired, please log in',
  },
  'account.passwordResetTitle': { cn: '您的登录密码已被重置', en: 'Your password was reset' },
  'account.passwordResetContent': {
    cn: '管理员于 {date} 重置了您的登录密码，您已在所有设备上退出登录。请使用管理员提供的新密码登录，并尽快修改密码。如非您本人申请，请立即联系客服。',
    en: 'An administrator reset your password on {date} and you were signed out everywhere. Sign in with the new password the administrator gives you and change it soon. If you did not ask for this, contact support at once.',
  },
  'account.customerNotFound': { cn: '用户不存在', en: 'No such customer' },
  'field.adminId': { cn: '管理员', en: 'Administrator' },
  'account.adminNotFound': { cn: '管理员不存在', en: 'No such administrator' },
  'account.cannotDisableSelf': {
    cn: '不能禁用自己的账号：请由另一位管理员操作',
    en: 'You cannot disable your own account: ask another administrator',
  },
  'account.bindSameAddress': {
    cn: '该地址已是您当前绑定的邮箱或手机号',
    en: 'This is already the address bound to your account',
  },
  'account.bindPasswordRequired': {
    cn: '更换已绑定的邮箱或手机号需要输入登录密码',
    en: 'Enter your login password to change a bound address',
  },
  'account.mailBound': { cn: '邮箱绑定成功', en: 'E-mail bound' },
  'account.mobileBound': { cn: '手机号绑定成功', en: 'Mobile number bound' },
  'account.mailChanged': { cn: '邮箱已更换', en: 'E-mail changed' },
  'account.mobileChanged': { cn: '手机号已更换', en: 'Mobile number changed' },
} as const satisfies LocalizedMessages;
