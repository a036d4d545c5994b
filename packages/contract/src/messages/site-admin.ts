import type { LocalizedMessages } from './types';

/** The domain-admin page's plan tab. */
export const siteAdminMessages = {
  'siteAdmin.planFull': {
    cn: '套餐「{name}」的 {quota} 个域名额度已用完：请选择其他套餐，或升级该套餐、购买增值服务',
    en: 'Every one of the {quota} domain slots of plan "{name}" is taken: choose another plan, or upgrade it or add a value-added service',
  },
  'siteAdmin.planNoHttps': {
    cn: '套餐「{name}」不含 HTTPS，而本站点正在使用 HTTPS：请选择含 HTTPS 的套餐，或先关闭 HTTPS',
    en: 'Plan "{name}" does not include HTTPS, which this site serves: choose a plan with HTTPS or turn HTTPS off first',
  },
  'siteAdmin.planNotInForce': {
    cn: '该套餐已到期或已失效，不能再使用',
    en: 'That plan has ended or was refunded: it can no longer be used',
  },
} satisfies LocalizedMessages;
