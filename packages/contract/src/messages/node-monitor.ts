import type { LocalizedMessages } from './types';

/** Node monitoring and DNS dispatch (issue 9 §6): notices, rule messages and request fields. */
export const nodeMonitorMessages = {
  'nodeMonitor.probeNameTaken': {
    cn: '探针名称 local 为控制台自身保留',
    en: 'The probe name local is kept for the console itself',
  },
  'nodeMonitor.removedNoticeTitle': {
    cn: '节点 {name} 已移出 DNS',
    en: 'Node {name} was taken out of DNS',
  },
  'nodeMonitor.removedNoticeContent': {
    cn: '节点 {name}（{ip}）检测失败率 {percent}%，已于 {time} 移出 CDN 解析。探测详情：{evidence}',
    en: 'Node {name} ({ip}) failed {percent}% of checks and was taken out of the CDN zone at {time}. Probes: {evidence}',
  },
  'nodeMonitor.returnedNoticeTitle': {
    cn: '节点 {name} 已恢复解析',
    en: 'Node {name} is back in DNS',
  },
  'nodeMonitor.returnedNoticeContent': {
    cn: '节点 {name}（{ip}）已恢复，于 {time} 重新加入 CDN 解析。探测详情：{evidence}',
    en: 'Node {name} ({ip}) recovered and was put back in the CDN zone at {time}. Probes: {evidence}',
  },
  'nodeMonitor.heldNoticeTitle': {
    cn: '节点 {name} 故障，但为最后一个可用节点，未移出',
    en: 'Node {name} is failing but was kept as the last answering node',
  },
  'nodeMonitor.heldNoticeContent': {
    cn: '节点 {name}（{ip}）检测失败率 {percent}%，但移出后其分组将没有健康节点，已保留在解析中（{time}）。探测详情：{evidence}',
    en: 'Node {name} ({ip}) failed {percent}% of checks, but its group would have no healthy node left, so it stays in DNS ({time}). Probes: {evidence}',
  },
  // The {event} of the SMS notice (template kind node_check): short, as texts are paid by length.
  'nodeMonitor.removedEvent': { cn: '已移出DNS', en: 'taken out of DNS' },
  'nodeMonitor.returnedEvent': { cn: '已恢复解析', en: 'back in DNS' },
  'nodeMonitor.heldEvent': { cn: '故障但为最后可用节点，未移出', en: 'failing, kept as the last node' },
  'operation.action.nodeMonitor_override': { cn: '节点监控人工干预', en: 'Node monitor override' },
  'operation.action.nodeMonitor_dryRun': { cn: '切换节点监控演练模式', en: 'Node monitor dry run switched' },
  'field.nodeId': { cn: '节点', en: 'Node' },
  'field.override': { cn: '人工干预', en: 'Override' },
  'field.minutes': { cn: '持续分钟数', en: 'Minutes' },
  'field.dryRun': { cn: '演练模式', en: 'Dry run' },
  'field.probe': { cn: '探针名称', en: 'Probe name' },
  'field.results': { cn: '探测结果', en: 'Results' },
  'field.ports': { cn: '端口', en: 'Ports' },
  'field.failedPorts': { cn: '失败端口', en: 'Failed ports' },
} as const satisfies LocalizedMessages;
