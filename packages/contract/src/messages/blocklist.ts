import type { LocalizedMessages } from './types';

/** The platform blocklist (issue 20 §3). */
export const blocklistMessages = {
  'blocklist.address': {
    cn: '第 {line} 行：{value} 不是 IP 地址或 CIDR 网段（IP 格式错误）',
    en: 'Line {line}: {value} is not an IP address or CIDR block (IP format error)',
  },
  'blocklist.duplicate': {
    cn: '第 {line} 行：{value} 与前面的地址重复',
    en: 'Line {line}: {value} repeats an earlier address',
  },
  'blocklist.tooWide': {
    cn: '第 {line} 行：{value} 范围过大，IPv4 网段前缀至少 /{ipv4}，IPv6 至少 /{ipv6}',
    en: 'Line {line}: {value} is too wide; an IPv4 block needs a prefix of at least /{ipv4}, IPv6 at least /{ipv6}',
  },
  'blocklist.tooMany': { cn: '一次最多 {max} 个', en: 'At most {max} at a time' },
  'blocklist.duration': {
    cn: '封禁时长须为 0（永久）到 525600 分钟（一年）',
    en: 'The duration must be 0 (permanent) to 525,600 minutes (one year)',
  },
  'blocklist.noneSelected': { cn: '请先选择要解封的记录', en: 'Select the entries to release first' },
  'blocklist.noCondition': {
    cn: '请至少填写一个条件（原因、来源、站点或封禁时长），以免解封全部地址',
    en: 'Give at least one condition (reason, source, site or age) so that not every address is released',
  },
  'blocklist.blocked': {
    cn: '已封禁 {count} 个地址，各节点将在数秒内生效',
    en: '{count} blocked; every node enforces it within seconds',
  },
  'blocklist.released': { cn: '已解封 {count} 个地址', en: '{count} released' },
  'operation.action.blocklist_block': { cn: '封禁 IP', en: 'Blocked addresses' },
  'operation.action.blocklist_release': { cn: '解封 IP', en: 'Released addresses' },
  'field.addresses': { cn: 'IP 地址', en: 'Addresses' },
  'field.durationMinutes': { cn: '封禁时长', en: 'Duration' },
  'field.olderThanHours': { cn: '封禁时长超过', en: 'Blocked longer than' },
  'field.source': { cn: '来源', en: 'Source' },
  'field.hours': { cn: '统计时长', en: 'Window' },
  'field.since': { cn: '起始版本', en: 'Since revision' },
} as const satisfies LocalizedMessages;
