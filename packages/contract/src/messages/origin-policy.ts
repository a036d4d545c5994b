import type { LocalizedMessages } from './types';

/**
 * Origins and stream targets in refused ranges (issue 17 §2). `{kind}` is filled from the
 * `field.addressKind.*` labels below (a FieldRef), so one rule reads right in both languages.
 */
export const originPolicyMessages = {
  'originPolicy.refused': {
    cn: '源站 {line}：{address} 是{kind}，节点不能连接该地址（管理员可在“源站地址放行”中放行其网段）',
    en: 'Origin {line}: {address} is {kind}; edge nodes may not connect to it (an administrator can allow its range under "Origin allow-list")',
  },
  'originPolicy.resolvesRefused': {
    cn: '源站 {line}：{name} 解析到 {address}，是{kind}，节点不能连接该地址（管理员可在“源站地址放行”中放行其网段）',
    en: 'Origin {line}: {name} resolves to {address}, {kind}; edge nodes may not connect to it (an administrator can allow its range under "Origin allow-list")',
  },
  'originPolicy.range': {
    cn: '第 {line} 行：{value} 不是 IP 地址或 CIDR 网段，或与前面重复',
    en: 'Line {line}: {value} is not an IP address or CIDR block, or repeats an earlier line',
  },
  'originPolicy.rangeValue': {
    cn: '放行网段须为 IP 地址或 CIDR 网段',
    en: 'An allowed range must be an IP address or a CIDR block',
  },
  'originPolicy.tooMany': { cn: '最多 {max} 个网段', en: 'At most {max} ranges' },
  'operation.action.originPolicy_save': {
    cn: '保存源站地址放行列表',
    en: 'Origin allow-list saved',
  },
  'originPolicy.saved': { cn: '源站地址放行列表已保存', en: 'Origin allow-list saved' },
  'field.allowRanges': { cn: '放行网段', en: 'Allowed ranges' },
  'field.addressKind.loopback': { cn: '环回地址', en: 'a loopback address' },
  'field.addressKind.unspecified': { cn: '未指定地址', en: 'an unspecified address' },
  'field.addressKind.linkLocal': { cn: '链路本地地址', en: 'a link-local address' },
  'field.addressKind.multicast': { cn: '组播或广播地址', en: 'a multicast or broadcast address' },
  'field.addressKind.private': { cn: '内网地址', en: 'a private-network address' },
  'field.addressKind.reserved': {
    cn: '保留或特殊用途地址',
    en: 'a reserved or special-purpose address',
  },
} as const satisfies LocalizedMessages;
