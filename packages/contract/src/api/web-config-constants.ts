import { DEFAULT_UTC_OFFSET_MINUTES } from '../formatters/dates';
import type { WebConfigSectionValues } from './web-config';

/** Minutes an unpaid order waits by default (web config `price.orderTimeoutMinutes`), and the bounds. */
export const ORDER_TIMEOUT_DEFAULT_MINUTES = 30;
export const ORDER_TIMEOUT_MIN_MINUTES = 5;
export const ORDER_TIMEOUT_MAX_MINUTES = 10_080;

/** Days of raw request logs kept (web config `basic.logKeepDays`), and the bounds. */
export const LOG_KEEP_DAYS_DEFAULT = 7;
export const LOG_KEEP_DAYS_MIN = 1;
export const LOG_KEEP_DAYS_MAX = 90;

// Web config constants without zod: the shell needs them before any schema.

export const WEB_CONFIG_PATHS = {
  get: 'app/common/web/config',
  save: 'sys/config/web/save',
} as const;

/** Feature switches by key (spec §3 Web config): web config reports each row's status as a boolean. */
export const FEATURE_SWITCH_KEYS = [
  'WXLOGIN_CONFIG_KEY',
  'SMS_CONFIG_KEY',
  'ALIYUN_SMS_CONFIG_KEY',
  'SMS_BAO',
  'MAIL_CONFIG_KEY',
  'TENCENTUSERCERTIFY_CONFIG_KEY',
  'ALIPAYUSERCERTIFY_CONFIG_KEY',
  'WXPAY_CONFIG_KEY',
  'ALIPAY_CONFIG_KEY',
  'STRIPE_PAY_CONF',
  'TOKEN_PAY_CONF',
  'CCCYUN_PAY_CONF',
  'ALLINPAY_PAY_CONF',
] as const;
export type FeatureSwitchKey = (typeof FEATURE_SWITCH_KEYS)[number];

export const WEB_CONFIG_SECTIONS = [
  'basic',
  'power',
  'seo',
  'contact',
  'dns_rewrite',
  'otherSite',
  'price',
  'custom',
] as const;
export type WebConfigSection = (typeof WEB_CONFIG_SECTIONS)[number];

export function isWebConfigSection(key: string): key is WebConfigSection {
  return (WEB_CONFIG_SECTIONS as readonly string[]).includes(key);
}

/**
 * Whether the register form (username, password and an e-mail or mobile proven by a code) is
 * offered: `power.register: 1` closes registration altogether, `power.registerCommon: 0` closes
 * this form only. The server and the consoles decide by this one rule.
 */
export function standardRegistrationOpen(power: { register: number; registerCommon: number }): boolean {
  return power.register !== 1 && power.registerCommon === 1;
}

/** Defaults of every section (what an empty database is seeded with). */
export const WEB_CONFIG_DEFAULTS: WebConfigSectionValues = {
  basic: {
    favicon: '',
    logoImgLight: '',
    logoImgDark: '',
    webName: 'Nimbus',
    icp: '',
    isp: '',
    termsUrl: '',
    consoleUrl: '',
    lang: 'cn',
    utcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES,
    logKeepDays: LOG_KEEP_DAYS_DEFAULT,
  },
  power: { realName: 0, bindMobile: 0, stopWork: 0, register: 0, registerCommon: 1, disabledCrud: 0 },
  seo: { title: 'Nimbus', keywords: '', description: '', telegram: '', skype: '' },
  contact: { mobile: '', email: '', qq: '', company: '', telegram: '', skype: '' },
  dns_rewrite: { cnameDomain: '', dnsAddress: '' },
  otherSite: { siteUrl: '' },
  price: {
    unit: '¥',
    currency: 'CNY',
    orderTimeoutMinutes: ORDER_TIMEOUT_DEFAULT_MINUTES,
    rechargeMinimum: 5,
    verificationFee: 0,
    planRequired: 1,
    trafficNoticePercent: 80,
    trafficOverage: 0,
  },
  custom: { rewrite: 1, verify: 1, force: 1, 'access-token': 1 },
};
