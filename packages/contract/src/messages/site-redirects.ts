import type { LocalizedMessages } from './types';

/** URL forwarding (site/rewrite) and forced redirect (site/force). */
export const siteRedirectMessages = {
  'rewrite.off': {
    cn: 'URL 转发功能未开放，请联系平台管理员开通',
    en: 'URL forwarding is not available on your account: ask the platform administrator to turn it on',
  },
  'force.off': {
    cn: '强制跳转功能未开放，请联系平台管理员开通',
    en: 'Forced redirect is not available on your account: ask the platform administrator to turn it on',
  },
  'rewrite.tooMany': {
    cn: '每个站点最多 {max} 条转发规则，请先删除不再需要的规则',
    en: 'A site may have at most {max} forwarding rules: delete rules you no longer need first',
  },
  'rewrite.duplicate': {
    cn: '站点 {domain} 已有匹配方式和源路径都相同的规则，后一条永远不会生效',
    en: 'The site {domain} already has a rule with the same match and source: the second would never apply',
  },
  'force.quotaFull': {
    cn: '强制跳转最多 {max} 条，已用完；如需更多请联系平台管理员调整额度',
    en: 'You may have at most {max} forced redirects and have used them all: the platform administrator can raise the limit',
  },
  'force.onePerSite': {
    cn: '站点 {domain} 已有强制跳转，请编辑已有的那条',
    en: 'The site {domain} already has a forced redirect: edit that one instead',
  },
  'force.needsHttps': {
    cn: '站点 {domain} 未提供 HTTPS：请先在站点设置中开启 HTTPS 并选择证书，再跳转到 HTTPS',
    en: 'The site {domain} does not serve HTTPS: turn HTTPS on with a certificate in its settings before redirecting to HTTPS',
  },
  'force.sameHost': {
    cn: '目标域名不能是站点自己的域名（会造成循环跳转）',
    en: 'The target host cannot be the site’s own domain (visitors would loop)',
  },
  'field.redirect.siteId': { cn: '站点', en: 'Site' },
  'field.redirect.match': { cn: '匹配方式', en: 'Match' },
  'field.redirect.source': { cn: '源路径', en: 'Source' },
  'field.redirect.target': { cn: '目标地址', en: 'Target' },
  'field.redirect.status': { cn: '状态码', en: 'Status code' },
  'field.redirect.keepQuery': { cn: '保留参数', en: 'Keep query string' },
  'field.redirect.enabled': { cn: '启用', en: 'Enabled' },
  'field.redirect.remark': { cn: '备注', en: 'Remark' },
  'field.redirect.kind': { cn: '跳转方式', en: 'Redirect kind' },
  'field.redirect.targetHost': { cn: '目标域名', en: 'Target host' },
} satisfies LocalizedMessages;
