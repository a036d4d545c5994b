import type { LocalizedMessages } from './types';

/** HTTPDNS configuration (spec §2, §5) and the service's own answers. */
export const httpdnsMessages = {
  'field.portHttp': { cn: 'HTTP 端口', en: 'HTTP port' },
  'field.portHttps': { cn: 'HTTPS 端口', en: 'HTTPS port' },
  'field.httpsStatus': { cn: 'HTTPS 开关', en: 'HTTPS switch' },
  'field.certCrt': { cn: '证书（PEM）', en: 'Certificate (PEM)' },
  'field.certKey': { cn: '证书私钥', en: 'Certificate key' },
  'field.signStatus': { cn: '签名校验', en: 'Signed requests' },
  'field.signKey': { cn: '签名密钥', en: 'Signing key' },
  'field.apps': { cn: '应用', en: 'Apps' },
  'httpdns.appsRequired': {
    cn: '开启签名校验时至少添加一个应用',
    en: 'Add at least one app when signed requests are required',
  },
  'httpdns.appIdTwice': { cn: '{field}中有重复的应用 ID', en: '{field} lists an app ID twice' },
  'httpdns.statusInvalid': {
    cn: '{field}只能是 0（关闭）、1（仅 HTTP）或 3（HTTP 和 HTTPS）',
    en: '{field} must be 0 (off), 1 (HTTP only) or 3 (HTTP and HTTPS)',
  },
  'httpdns.httpsStatusMismatch': {
    cn: '{field}与状态不一致：状态为 3 时才开启 HTTPS',
    en: '{field} disagrees with the status: HTTPS is on only with status 3',
  },
  'httpdns.portsDiffer': {
    cn: '{field}不能与 HTTP 端口相同',
    en: '{field} must differ from the HTTP port',
  },
  'httpdns.signKeyShort': {
    cn: '{field}至少 {min} 个字符',
    en: '{field} needs at least {min} characters',
  },
  'httpdns.badCert': {
    cn: '{field}无法解析，请粘贴 PEM 格式的证书',
    en: '{field} cannot be read: paste the certificate in PEM form',
  },
  'httpdns.weakKey': {
    cn: '{field}强度不足：请使用 2048 位及以上的 RSA、P-256/P-384 的 EC 或 Ed25519 私钥',
    en: '{field} is too weak: use RSA of 2048 bits or more, EC on P-256/P-384, or Ed25519',
  },
  'httpdns.weakSignature': {
    cn: '{field}使用了不安全的 MD5 或 SHA-1 签名，请重新签发（如 SHA-256）',
    en: '{field} is signed with MD5 or SHA-1, which is unsafe: have it reissued (e.g. SHA-256)',
  },
  'httpdns.badKey': {
    cn: '{field}无法解析，请粘贴 PEM 格式的私钥',
    en: '{field} cannot be read: paste the private key in PEM form',
  },
  'httpdns.keyMismatch': {
    cn: '{field}与证书不匹配',
    en: '{field} does not match the certificate',
  },
  'httpdns.saved': { cn: 'HTTPDNS 配置已保存', en: 'HTTPDNS configuration saved' },
} as const satisfies LocalizedMessages;
