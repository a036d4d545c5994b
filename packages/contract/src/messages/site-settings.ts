import type { LocalizedMessages } from './types';

/** The domain-admin page: serving settings, config history. */
export const siteSettingsMessages = {
  'siteSettings.headerName': {
    cn: '头部名称只能包含数字、字母、- 和 _，最多 100 个字符',
    en: 'A header name may hold only digits, letters, - and _, up to 100 characters',
  },
  'siteSettings.headerReserved': {
    cn: '该头部由 CDN 节点管理，不能自定义',
    en: 'The edge manages this header: it cannot be customised',
  },
  'siteSettings.headerValue': {
    cn: '头部内容须为 1-1000 个字符，不能包含中文或换行',
    en: 'Header content must be 1-1000 characters, without Chinese or line breaks',
  },
  'siteSettings.tooMany': { cn: '{field}最多 {max} 条', en: '{field}: at most {max} entries' },
  'siteSettings.secondsRange': {
    cn: '{field}须在 1-{max} 秒之间',
    en: '{field} must be 1-{max} seconds',
  },
  'siteSettings.ttlRange': {
    cn: '{field}须在 0 秒到 1 年（31536000 秒）之间',
    en: '{field} must be between 0 seconds and one year (31536000 s)',
  },
  'siteSettings.retriesRange': {
    cn: '重试次数须在 0-20 之间（0 表示不限）',
    en: 'Retries must be 0-20 (0 means unlimited)',
  },
  'siteSettings.statusCode': { cn: '{field}超出允许的范围', en: '{field} is outside the allowed range' },
  'siteSettings.statusRepeated': { cn: '状态码不能重复', en: 'A status code cannot repeat' },
  'siteSettings.originHost': {
    cn: '回源 Host 须为域名，例如 origin.example.com',
    en: 'The origin Host must be a domain name, e.g. origin.example.com',
  },
  'siteSettings.sniName': {
    cn: 'SNI 须为域名，例如 origin.example.com',
    en: 'SNI must be a domain name, e.g. origin.example.com',
  },
  'siteSettings.ruleValue': {
    cn: '匹配内容格式错误：后缀如 jpg|png，目录以 / 开头和结尾，路径以 / 开头，正则须为节点支持的写法',
    en: 'Wrong match value: extensions like jpg|png, a directory starts and ends with /, a path starts with /, a regex must use syntax the edges support',
  },
  'siteSettings.queryParam': {
    cn: '参数名只能包含字母、数字和 _',
    en: 'A parameter name may hold only letters, digits and _',
  },
  'siteSettings.mimeType': { cn: '类型格式错误，例如 text/css', en: 'Wrong type, e.g. text/css' },
  'siteSettings.maxFails': { cn: '失败次数须在 0-100 之间', en: 'Failures must be 0-100' },
  'siteSettings.keepalive': { cn: '长连接数须在 0-1000 之间', en: 'Keep-alive connections must be 0-1000' },
  'siteSettings.cookieName': {
    cn: 'Cookie 名称只能包含字母、数字和 _',
    en: 'A cookie name may hold only letters, digits and _',
  },
  'siteSettings.bodyLimit': {
    cn: '请求体上限须在 0-10240 MB 之间（0 表示不限）',
    en: 'The body limit must be 0-10240 MB (0 means no limit)',
  },
  'siteSettings.pageTooLarge': { cn: '页面内容不能超过 64 KB', en: 'A page cannot exceed 64 KB' },
  // Security tabs (application-secure, network-secure): a list message names the line.
  'siteSecurity.ipLine': {
    cn: '{field}第 {line} 行 IP 格式错误（须为 IPv4、IPv6 或 CIDR）：{value}',
    en: '{field}, line {line}: IP format error (IPv4, IPv6 or CIDR): {value}',
  },
  'siteSecurity.ipRepeated': {
    cn: '{field}第 {line} 行 IP 重复：{value}',
    en: '{field}, line {line}: repeated IP: {value}',
  },
  'siteSecurity.refererLine': {
    cn: '{field}第 {line} 行域名格式错误（可用 *. 开头的泛域名）：{value}',
    en: '{field}, line {line}: domain format error (a wildcard *. may lead): {value}',
  },
  'siteSecurity.refererRepeated': {
    cn: '{field}第 {line} 行域名重复：{value}',
    en: '{field}, line {line}: repeated domain: {value}',
  },
  'siteSecurity.userAgentLine': {
    cn: '{field}第 {line} 行 User-Agent 须为 1-200 个英文可见字符：{value}',
    en: '{field}, line {line}: a User-Agent entry must be 1-200 printable ASCII characters: {value}',
  },
  'siteSecurity.userAgentRepeated': {
    cn: '{field}第 {line} 行 User-Agent 重复（不区分大小写）：{value}',
    en: '{field}, line {line}: repeated User-Agent (case is ignored): {value}',
  },
  'siteSecurity.listRequired': {
    cn: '{field}至少填写一项，或关闭该功能',
    en: '{field}: list at least one entry, or switch it off',
  },
  'siteSecurity.connLimit': {
    cn: '{field}须为 0（不限）或 1-10000',
    en: '{field} must be 0 (no limit) or 1-10000',
  },
  'siteSecurity.timeout': {
    cn: '{field}须为 0（默认）或 1-{max} 秒',
    en: "{field} must be 0 (nginx's default) or 1-{max} seconds",
  },
  'siteSecurity.methodsRequired': {
    cn: '至少允许一种请求方法',
    en: 'Allow at least one request method',
  },
  'siteSecurity.urlLength': {
    cn: '{field}须为 0（不限）或 256-65535 字节',
    en: '{field} must be 0 (no limit) or 256-65535 bytes',
  },
  'siteSettings.versionNotFound': { cn: '该配置版本不存在', en: 'No such config version' },
  'siteSettings.versionNotRestorable': {
    cn: '该版本的配置已不符合现在的规则，不能回滚，请在各标签页中修改后保存',
    en: "That version no longer meets today's rules and cannot be restored: change the settings on the tabs and save",
  },
  'siteSettings.saved': { cn: '已保存，正在下发到节点', en: 'Saved; it is being sent to the nodes' },
  'redirect.status': { cn: '状态码须为 301、302、307 或 308', en: 'The status must be 301, 302, 307 or 308' },
  'redirect.source': {
    cn: '源路径须以 / 开头；正则须为节点支持的写法',
    en: 'The source path must start with /; a regex must use syntax the edges support',
  },
  'redirect.target': {
    cn: '目标须为以 http(s):// 开头的地址或以 / 开头的路径（正则规则可用 $1-$9）',
    en: 'The target must be a URL starting with http(s):// or a path starting with / ($1-$9 in regex rules)',
  },
} satisfies LocalizedMessages;
