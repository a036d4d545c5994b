import type { LocalizedMessages } from './types';

/** The business-secure tab (rate limits, CC protection; contract api/site-business-secure.ts). */
export const businessSecureMessages = {
  'businessSecure.rate': {
    cn: '{field}须为 1-100000 的整数',
    en: '{field} must be a whole number from 1 to 100000',
  },
  'businessSecure.burst': {
    cn: '{field}须为 0-100000 的整数',
    en: '{field} must be a whole number from 0 to 100000',
  },
  'businessSecure.banSeconds': {
    cn: '封禁时长须为 1-86400 秒',
    en: 'The ban lasts 1-86400 seconds',
  },
  'businessSecure.pathPrefix': {
    cn: '路径须以 / 开头，多个用 | 分隔，共不超过 500 个字符',
    en: 'A path starts with /; several are separated by |, 500 characters in all',
  },
  'businessSecure.pathRegex': {
    cn: '正则表达式无效、超过 500 个字符，或用了边缘节点不支持的写法（引号、空白、反向引用、后行断言）',
    en: 'The regular expression is invalid, longer than 500 characters, or uses syntax the edges do not take (quotes, spaces, backreferences, lookbehind)',
  },
  'field.rateLimits': { cn: '频率限制规则', en: 'Rate limit rules' },
  'field.path': { cn: '路径', en: 'Path' },
  'field.rate': { cn: '请求频率', en: 'Rate' },
  'field.burst': { cn: '突发请求数', en: 'Burst' },
  'field.banSeconds': { cn: '封禁时长', en: 'Ban duration' },
  'field.ccLevel': { cn: 'CC 防护级别', en: 'CC protection level' },
  'field.ccVerification': { cn: 'CC 验证方式', en: 'CC verification' },
  'field.siteSettings.match': { cn: '匹配方式', en: 'Match' },
  'field.siteSettings.unit': { cn: '时间单位', en: 'Per' },
  'field.siteSettings.action': { cn: '处理方式', en: 'Action' },
} as const satisfies LocalizedMessages;
