import type { LocalizedMessages } from './types';

/** WeChat binding and login. */
export const wechatMessages = {
  'wechat.notEnabled': {
    cn: '微信登录未开启：请联系管理员在系统配置中开启并填写 AppID 和 AppSecret',
    en: 'WeChat login is not enabled: ask the administrator to switch it on with its AppID and AppSecret',
  },
  'wechat.stateInvalid': {
    cn: '微信授权已过期或无效，请重新扫码',
    en: 'The WeChat authorisation has expired or is not valid: scan the code again',
  },
  'wechat.exchangeFailed': {
    cn: '微信授权失败：{reason}',
    en: 'WeChat authorisation failed: {reason}',
  },
  'wechat.unreachable': {
    cn: '无法连接微信服务器（{endpoint}），请稍后重试',
    en: 'The WeChat server ({endpoint}) could not be reached: try again later',
  },
  'wechat.alreadyBound': {
    cn: '该微信已绑定其他账号',
    en: 'This WeChat account is already bound to another account',
  },
  'wechat.ticketInvalid': {
    cn: '绑定链接已过期或已使用，请回到登录页重新扫码',
    en: 'This binding link has expired or has been used: go back to sign in and scan again',
  },
  'wechat.accountHasWechat': {
    cn: '该账号已绑定其他微信，请先在账号信息中解绑',
    en: 'This account is already bound to another WeChat account: unbind it in Account info first',
  },
  'wechat.boundAndSignedIn': { cn: '微信已绑定，已登录', en: 'WeChat bound, you are signed in' },
  'wechat.bound': { cn: '微信已绑定', en: 'WeChat bound' },
  'wechat.unbound': { cn: '微信已解绑', en: 'WeChat unbound' },
  'field.ticket': { cn: '绑定链接', en: 'Binding link' },
  'field.appId': { cn: 'AppID', en: 'AppID' },
  'field.appSecret': { cn: 'AppSecret', en: 'AppSecret' },
} as const satisfies LocalizedMessages;
