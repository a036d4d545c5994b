import type { LocalizedMessages } from './types';

/** Recursive DNS and forwarding (spec §4, §5 IP segment dialog) and their fields. */
export const recursiveDnsMessages = {
  'recursive.segmentFormat': { cn: 'IP段格式错误：{value}', en: 'IP segment format error: {value}' },
  'recursive.segmentOrder': {
    cn: 'IP段的起始IP不能大于结束IP：{value}',
    en: 'An IP segment must not start above its end: {value}',
  },
  'recursive.segmentOverlap': { cn: 'IP段不能重叠：{value}', en: 'IP segments must not overlap: {value}' },
  'recursive.segmentOverlapExisting': {
    cn: 'IP段 {value} 与已有的 {other} 重叠',
    en: 'IP segment {value} overlaps the existing {other}',
  },
  'recursive.editOneSegment': {
    cn: '编辑时只能填写一个IP段',
    en: 'Editing takes exactly one IP segment',
  },
  'recursive.allSegments': { cn: '全部IP段', en: 'All IP segments' },
  'recursive.tooManyRootIps': { cn: '根服务器IP最多 {max} 个', en: 'At most {max} root server IPs' },
  'recursive.upstreamFormat': {
    cn: '转发服务器格式错误（IP 或 IP:端口）：{value}',
    en: 'Upstream server format error (IP or IP:port): {value}',
  },
  'recursive.tooManyUpstreams': { cn: '转发服务器最多 {max} 个', en: 'At most {max} upstream servers' },
  'recursive.forwardExists': {
    cn: '域名 {zone} 已有转发规则',
    en: 'The domain {zone} has a forward rule already',
  },
  'recursive.recursionOff': {
    cn: '递归已关闭，请先开启递归再修改IP段',
    en: 'Recursion is off: turn it on before changing IP segments',
  },
  'recursive.tooMany': { cn: '最多 {max} 条', en: 'At most {max} entries' },
  'recursive.missing': {
    cn: 'PowerDNS Recursor 未运行：{reason}。安装命令：{install}',
    en: 'PowerDNS Recursor is not running: {reason}. Install it with: {install}',
  },
  'recursive.refused': {
    cn: 'PowerDNS Recursor 拒绝了这次更改，未保存：{detail}',
    en: 'PowerDNS Recursor refused the change, nothing was saved: {detail}',
  },
  'recursive.rootHintsFixed': {
    cn: '已有的 PowerDNS Recursor 的根提示由其 hint-file 设置决定，Nimbus 无法修改',
    en: "An existing PowerDNS Recursor's root hints are its own hint-file setting; Nimbus cannot change them",
  },
  'field.mode': { cn: '类型', en: 'Mode' },
  'field.recursive_enable': { cn: '递归开关', en: 'Recursion switch' },
  'field.forward_enable': { cn: '转发开关', en: 'Forwarding switch' },
  'field.rootIps': { cn: '根服务器/转发服务器IP', en: 'Root or upstream server IPs' },
  'field.segments': { cn: 'IP段', en: 'IP segments' },
  'field.sourceIpS': { cn: '起始IP', en: 'Start IP' },
  'field.sourceIpE': { cn: '结束IP', en: 'End IP' },
  'field.targetValue': { cn: '转发域名', en: 'Forwarded domain' },
  'field.recursionDesired': { cn: '上游递归', en: 'Upstream recursion' },
} as const satisfies LocalizedMessages;
