import type { MessageKey } from '../messages';
import { isDomain, isHostname } from './domain';
import { isChineseIdCard } from './id-card';
import { isCidr, isIp, isIPv4, isIPv6, isIpRangeLine, isPort } from './network';
import { isEmail, isMobile, isUsername, isPassword, isResetPassword, isUrl } from './text';

export interface ValueRule {
  test: (value: unknown) => boolean;
  /** Catalogue key of the message shown when `test` fails (server answers and web forms alike). */
  message: MessageKey;
}

/**
 * Every spec §5 generic validator with its message, keyed by name: the zod helpers below and
 * the web's form-rule adapter both read this table, so a rule and its message never drift apart.
 */
export const valueRules = {
  domain: { test: isDomain, message: 'validation.domain' },
  hostname: { test: isHostname, message: 'validation.domain' },
  ip: { test: isIp, message: 'validation.ip' },
  ipv4: { test: isIPv4, message: 'validation.ip' },
  ipv6: { test: isIPv6, message: 'validation.ip' },
  cidr: { test: isCidr, message: 'validation.ip' },
  port: { test: isPort, message: 'validation.port' },
  url: { test: isUrl, message: 'validation.url' },
  mobile: { test: isMobile, message: 'validation.mobile' },
  email: { test: isEmail, message: 'validation.email' },
  password: { test: isPassword, message: 'validation.password' },
  resetPassword: { test: isResetPassword, message: 'validation.passwordLength' },
  username: { test: isUsername, message: 'validation.username' },
  idCard: { test: isChineseIdCard, message: 'validation.idCard' },
  // No dedicated 'IP segment format error' key yet: the IP segment dialog arrives in a later issue.
  ipRange: { test: isIpRangeLine, message: 'validation.ip' },
} as const satisfies Record<string, ValueRule>;

export type ValueRuleName = keyof typeof valueRules;
