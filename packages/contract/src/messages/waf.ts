import type { LocalizedMessages } from './types';

/** WAF rules (spec §5 WAF; issue 20 §2). */
export const wafMessages = {
  'waf.target': { cn: '请选择匹配对象', en: 'Choose what the condition looks at' },
  'waf.operator': { cn: '请选择匹配方式', en: 'Choose how the condition compares' },
  'waf.action': { cn: '请选择处理方式', en: 'Choose what the rule does' },
  'waf.name': {
    cn: '请求头或 Cookie 名称须为 1–64 个字母、数字、- 或 _',
    en: 'A header or cookie name is 1–64 letters, digits, - or _',
  },
  'waf.ipOperator': {
    cn: 'IP 条件只能用“等于”或“属于列表”',
    en: 'An IP condition compares with "equals" or "in list" only',
  },
  'waf.valueEmpty': { cn: '匹配对象不能为空', en: 'The matching target cannot be empty' },
  'waf.value.ip': {
    cn: 'IP 格式错误：每项须为 IPv4、IPv6 或 CIDR，多个用 | 分隔',
    en: 'IP format error: each value is an IPv4, IPv6 or CIDR block, several separated by |',
  },
  'waf.value.path': {
    cn: '路径须以 / 开头，多个用 | 分隔',
    en: 'A path starts with /; several are separated by |',
  },
  'waf.value.regex': {
    cn: '正则表达式无效，或用了边缘节点不支持的写法（引号、空白、反向引用、后行断言）',
    en: 'The regular expression is invalid or uses syntax the edges do not take (quotes, spaces, backreferences, lookbehind)',
  },
  'waf.value.query': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.value.header': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.value.cookie': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.value.ua': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.value.referer': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.value.method': {
    cn: '匹配内容无效：最多 50 项，每项不超过 1000 个字符',
    en: 'Invalid values: at most 50, each up to 1,000 characters',
  },
  'waf.noCondition': { cn: '至少需要一个匹配条件', en: 'A rule needs at least one condition' },
  'waf.tooManyConditions': { cn: '每条规则最多 6 个匹配条件', en: 'At most 6 conditions per rule' },
  'waf.seconds': {
    cn: '封禁时长须为 1 到 {max} 秒',
    en: 'The ban lasts 1 to {max} seconds',
  },
  'waf.tooManyRules': { cn: '每个站点最多 {max} 条 WAF 规则', en: 'A site has at most {max} WAF rules' },
  'waf.orderMismatch': {
    cn: '规则列表已变化，请刷新后再调整顺序',
    en: 'The rules changed meanwhile: reload them, then order them again',
  },
  'waf.preset': { cn: '没有这个预置规则集', en: 'There is no such ready-made rule set' },
  'waf.presetApplied': { cn: '该预置规则集已启用', en: 'That ready-made rule set is already on' },
  'waf.noneSelected': { cn: '请先选择规则', en: 'Select rules first' },
  'waf.testMethod': { cn: '请求方法须为 1–16 个字母', en: 'The method is 1–16 letters' },
  'waf.testUrl': { cn: 'URL 须以 / 开头（路径和查询参数）', en: 'The URL starts with / (path and query)' },
  'waf.testIp': { cn: '客户端 IP 格式错误', en: 'Client IP format error' },
  'operation.action.waf_save': { cn: '保存 WAF 规则', en: 'WAF rule saved' },
  'operation.action.waf_delete': { cn: '删除 WAF 规则', en: 'WAF rules deleted' },
  'operation.action.waf_status': { cn: '启停 WAF 规则', en: 'WAF rule switched' },
  'operation.action.waf_order': { cn: '调整 WAF 规则顺序', en: 'WAF rules reordered' },
  'operation.action.waf_preset': { cn: '启用预置 WAF 规则集', en: 'Ready-made WAF rules enabled' },
  'field.clientIp': { cn: '客户端 IP', en: 'Client IP' },
  'field.conditions': { cn: '匹配条件', en: 'Conditions' },
  'field.headers': { cn: '请求头', en: 'Headers' },
  'field.includeDisabled': { cn: '包含停用的规则', en: 'Include disabled rules' },
  'field.method': { cn: '请求方法', en: 'Method' },
  'field.negate': { cn: '取反', en: 'Not' },
  'field.operator': { cn: '匹配方式', en: 'Operator' },
  'field.preset': { cn: '预置规则集', en: 'Ready-made rule set' },
  'field.seconds': { cn: '封禁时长（秒）', en: 'Duration (seconds)' },
} as const satisfies LocalizedMessages;
