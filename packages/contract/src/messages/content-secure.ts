import type { LocalizedMessages } from './types';

/** The content-secure tab: URL signing (issue 20 §2). `{field}` is the field's name below. */
export const contentSecureMessages = {
  'contentSecure.key': {
    cn: '{field}须为 6–32 个字母或数字',
    en: '{field} must be 6–32 letters or digits',
  },
  'contentSecure.keyRequired': {
    cn: '开启 URL 鉴权须填写主密钥',
    en: 'A primary key is required to switch URL signing on',
  },
  'contentSecure.backupSame': {
    cn: '备用密钥不能与主密钥相同',
    en: 'The backup key must differ from the primary key',
  },
  'contentSecure.ttl': {
    cn: '{field}须在 1–31536000 秒（一年）之间',
    en: '{field} must be 1–31536000 seconds (one year)',
  },
  'contentSecure.param': {
    cn: '{field}须为 1–64 个字母、数字或 _',
    en: '{field} must be 1–64 letters, digits or _',
  },
  'contentSecure.paramSame': {
    cn: '签名参数与时间参数不能同名',
    en: 'The signature and time parameters need different names',
  },
  'contentSecure.header': {
    cn: '{field}须为字母开头的 1–64 个字母、数字或 -，且不能是 Host、Cookie 等 CDN 或协议使用的请求头',
    en: '{field} must be 1–64 letters, digits or - starting with a letter, and not a header the CDN or HTTP uses (Host, Cookie, …)',
  },
  'field.primaryKey': { cn: '主密钥', en: 'Primary key' },
  'field.backupKey': { cn: '备用密钥', en: 'Backup key' },
  'field.tokenIn': { cn: '鉴权串位置', en: 'Token location' },
  'field.paramName': { cn: '鉴权参数名', en: 'Token parameter' },
  'field.headerName': { cn: '鉴权请求头', en: 'Token header' },
  'field.cForm': { cn: 'C 类格式', en: 'Type C form' },
  'field.hashParam': { cn: '签名参数名', en: 'Signature parameter' },
  'field.timeParam': { cn: '时间参数名', en: 'Time parameter' },
} satisfies LocalizedMessages;
