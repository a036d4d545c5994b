import type { LocalizedMessages } from './types';

/** Certificate products and orders (issue 22 §4). */
export const sslMessages = {
  'sslProduct.hmacInvalid': {
    cn: 'EAB HMAC 密钥须为 CA 提供的 base64url 字符串',
    en: 'EAB HMAC key: use the base64url text the CA gave you',
  },
  'sslOrder.productUnavailable': {
    cn: '该证书产品不存在或已下架',
    en: 'This certificate product does not exist or is off sale',
  },
  'sslOrder.tooManyDomains': {
    cn: '域名列表：该证书最多包含 {max} 个域名',
    en: 'Domains: this certificate carries at most {max} names',
  },
  'sslOrder.notPurchased': {
    cn: '只有购买的证书可以续费',
    en: 'Only purchased certificates can be renewed by order',
  },
  'certificate.paidPeriodEnded': {
    cn: '付费期已结束，请续费',
    en: 'Paid period ended — renew',
  },
  'certificate.expiryContentPaidEnded': {
    cn: '您的证书 {name} 将于 {date} 过期。它的付费期已结束，不会自动续期：请续费以免 HTTPS 访问中断。',
    en: 'Your certificate {name} expires on {date}. Its paid period has ended, so it will not renew by itself: renew it so HTTPS keeps working.',
  },
  'field.ssl': { cn: '证书设置', en: 'Certificate terms' },
  'field.ca': { cn: '证书颁发机构', en: 'Certificate authority' },
  'field.eabKid': { cn: 'EAB 密钥 ID', en: 'EAB key ID' },
  'field.eabHmacKey': { cn: 'EAB HMAC 密钥', en: 'EAB HMAC key' },
  'field.maxDomains': { cn: '域名数上限', en: 'Most domain names' },
} as const satisfies LocalizedMessages;
