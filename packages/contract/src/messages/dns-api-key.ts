import type { LocalizedMessages } from './types';

/** The DNS API key (issue 9 §2, ADR 0024). */
export const dnsApiKeyMessages = {
  'dnsApiKey.invalid': {
    cn: 'API 密钥无效或已被吊销',
    en: 'The API key is unknown or has been revoked',
  },
  'dnsApiKey.dnsOnly': {
    cn: 'API 密钥只能调用 DNS 域名和解析记录接口，其他接口请登录后使用',
    en: 'An API key opens only the DNS zone and record calls; log in for anything else',
  },
  'dnsApiKey.notAsAdmin': {
    cn: '管理员代登录时不能生成该用户的 API 密钥',
    en: "An administrator signed in as the customer cannot create the customer's API key",
  },
  'dnsApiKey.none': { cn: '当前没有 API 密钥', en: 'There is no API key' },
  'dnsApiKey.issued': {
    cn: 'API 密钥已生成，请立即复制保存',
    en: 'API key created: copy it now',
  },
  'dnsApiKey.revoked': { cn: 'API 密钥已吊销', en: 'API key revoked' },
} as const satisfies LocalizedMessages;
