import type { LocalizedMessages } from './types';

/** Edge nodes, sites and cache purge. */
export const edgeMessages = {
  'edge.groupNameTaken': { cn: '节点分组名称已存在', en: 'A node group with this name exists already' },
  'edge.groupInUse': {
    cn: '该分组下还有 {nodes} 个节点、{sites} 个站点，请先移走',
    en: 'This group still has {nodes} nodes and {sites} sites: move them first',
  },
  'edge.groupDefaultKept': {
    cn: '默认分组不能删除，请先把另一个分组设为默认',
    en: 'The default group cannot be deleted: make another group the default first',
  },
  'edge.noGroup': {
    cn: '平台还没有节点分组，请联系管理员添加节点',
    en: 'The platform has no node group yet: ask the administrator to add edge nodes',
  },
  'edge.nodeNameTaken': { cn: '节点名称已存在', en: 'A node with this name exists already' },
  'edge.nodeSaved': { cn: '节点已保存', en: 'Node saved' },
  'edge.tokenRotated': {
    cn: '已生成新令牌，旧令牌立即失效',
    en: 'New token issued: the old one stopped working',
  },
  'edge.badToken': { cn: '节点令牌无效', en: 'Invalid node token' },
  'edge.probeKeyRotated': {
    cn: '已生成新授权密钥，旧密钥立即失效',
    en: 'New authorization key issued: the old one stopped working',
  },
  'edge.itemLeftOutTitle': {
    cn: '{what} 的最新配置未能在节点上生效',
    en: 'The latest config of {what} did not take effect on the nodes',
  },
  'edge.itemLeftOutContent': {
    cn: '节点拒绝了 {what} 的最新配置，它继续使用上一个正常的配置（如有），其他配置照常生效。请修改后重新保存。原因：{error}',
    en: 'The nodes refused the latest config of {what}; it keeps its last good config (if any) and everything else applies as usual. Change it and save again. Reason: {error}',
  },
  'edge.noVersion': { cn: '该节点还没有配置版本', en: 'No config version for this node yet' },
  'site.originAddress': {
    cn: '源站地址须为 IPv4、IPv6 或域名',
    en: 'Origin address must be an IPv4, IPv6 address or a domain',
  },
  'site.originRequired': { cn: '请至少添加一个源站', en: 'Add at least one origin' },
  'site.originMainRequired': { cn: '至少需要一个主源站', en: 'At least one origin must be a main origin' },
  'site.portRepeated': { cn: '端口不能重复', en: 'Ports cannot repeat' },
  'site.portRequired': { cn: '请至少监听一个端口', en: 'Listen on at least one port' },
  'site.portBothSchemes': {
    cn: '同一端口不能同时用于 HTTP 和 HTTPS',
    en: 'One port cannot serve both HTTP and HTTPS',
  },
  'site.certificateRequired': { cn: '开启 HTTPS 需要选择证书', en: 'Choose a certificate to turn HTTPS on' },
  'site.forceNeedsHttps': {
    cn: '强制跳转 HTTPS 需要先开启 HTTPS',
    en: 'Turn HTTPS on before forcing HTTP to HTTPS',
  },
  'site.tooManyDomains': { cn: '每次最多添加 {max} 个域名', en: 'At most {max} domains at a time' },
  'site.portUsedByForwarding': {
    cn: '端口 {port} 已被四层转发规则使用',
    en: 'Port {port} is used by a layer-4 forwarding rule',
  },
  'site.portReservedByNode': {
    cn: '端口 {port} 是节点自身使用的保留端口，请换一个端口',
    en: 'Port {port} is reserved for the nodes’ own services: choose another port',
  },
  'site.portSchemeTaken': {
    cn: '端口 {port} 在节点上已用于另一种协议（HTTP/HTTPS），请换一个端口',
    en: 'Port {port} already serves the other scheme (HTTP/HTTPS) on the nodes: choose another port',
  },
  'site.selectSites': { cn: '请选择站点', en: 'Select sites' },
  'site.domainTaken': {
    cn: '域名 {domain} 已被接入平台',
    en: 'The domain {domain} is on the platform already',
  },
  'site.domainsTaken': {
    cn: '第 {line} 行：域名 {domain} 已被接入平台',
    en: 'Line {line}: the domain {domain} is on the platform already',
  },
  'site.domainOverlapsOther': {
    cn: '{field}：{domain} 与其他账号已接入的域名重叠（泛域名覆盖其子域名，或被其泛域名覆盖），无法添加',
    en: '{field}: {domain} overlaps a domain on another account (a wildcard covering its names, or one covering this name), so it cannot be added',
  },
  'site.domainsOverlapOther': {
    cn: '{field}第 {line} 行：{domain} 与其他账号已接入的域名重叠（泛域名覆盖其子域名，或被其泛域名覆盖），无法添加',
    en: '{field}, line {line}: {domain} overlaps a domain on another account (a wildcard covering its names, or one covering this name), so it cannot be added',
  },
  'site.groupNameTaken': { cn: '分组名称已存在', en: 'A group with this name exists already' },
  'site.created': { cn: '站点已添加，正在下发到节点', en: 'Site added; it is being sent to the nodes' },
  'site.saved': { cn: '已保存，正在下发到节点', en: 'Saved; it is being sent to the nodes' },
  'site.certificateNotUsable': {
    cn: '证书不存在或不覆盖该域名',
    en: 'The certificate does not exist or does not cover this domain',
  },
  'site.cnameNotConfigured': {
    cn: '平台尚未设置接入用的 CNAME 域名，暂时无法检测。请联系管理员在“系统设置 → 网站配置”中设置',
    en: 'The platform has no CNAME domain for sites yet, so this cannot be checked: ask the administrator to set one under System settings → Web config',
  },
  'purge.noEntries': { cn: '请输入要刷新的内容', en: 'Enter what to refresh' },
  'purge.tooMany': {
    cn: '每次最多提交 {max} 条',
    en: 'At most {max} entries per submission',
  },
  'purge.rateLimited': {
    cn: '提交过于频繁：每分钟最多 {perMinute} 次，请稍后再试',
    en: 'Too many submissions: at most {perMinute} a minute, try again shortly',
  },
  'purge.scheme': {
    cn: '第 {line} 行必须以 http:// 或 https:// 开头：{value}',
    en: 'Line {line} must start with http:// or https://: {value}',
  },
  'purge.format': {
    cn: '第 {line} 行格式不正确：{value}',
    en: 'Line {line} has an incorrect format: {value}',
  },
  'purge.wildcard': {
    cn: '第 {line} 行：不支持泛域名：{value}',
    en: 'Line {line}: wildcard domains are not supported: {value}',
  },
  'purge.dirSlash': {
    cn: '第 {line} 行：目录必须以 / 结尾：{value}',
    en: 'Line {line}: a directory must end with /: {value}',
  },
  'purge.typePattern': {
    cn: '第 {line} 行：文件类型须写成 http(s)://域名/目录/*.扩展名：{value}',
    en: 'Line {line}: write a file type as http(s)://domain/dir/*.ext: {value}',
  },
  'purge.nothingLeft': {
    cn: '没有可刷新的条目：所有条目都重复或不属于你的站点',
    en: 'Nothing to refresh: every entry was a duplicate or not on your sites',
  },
  'purge.submitted': { cn: '已提交，正在下发到节点', en: 'Submitted; the nodes are working on it' },
  'certificate.notPem': { cn: '不是 PEM 格式', en: 'Not in PEM format' },
  'certificate.badCert': {
    cn: '证书无法解析，请粘贴 PEM 格式的证书（含证书链）',
    en: 'The certificate cannot be read: paste it in PEM form (with its chain)',
  },
  'certificate.badKey': {
    cn: '私钥无法解析，请粘贴未加密的 PEM 私钥',
    en: 'The private key cannot be read: paste an unencrypted PEM key',
  },
  'certificate.keyMismatch': { cn: '私钥与证书不匹配', en: 'The private key does not match the certificate' },
  'certificate.weakKey': {
    cn: '私钥强度不足：请使用 2048 位及以上的 RSA、P-256/P-384 的 EC 或 Ed25519 私钥',
    en: 'The private key is too weak: use RSA of 2048 bits or more, EC on P-256/P-384, or Ed25519',
  },
  'certificate.weakSignature': {
    cn: '证书使用了不安全的 MD5 或 SHA-1 签名，请重新签发（如 SHA-256）',
    en: 'The certificate is signed with MD5 or SHA-1, which is unsafe: have it reissued (e.g. SHA-256)',
  },
  'certificate.expired': { cn: '证书已过期（{notAfter}）', en: 'The certificate expired on {notAfter}' },
  'certificate.notCovering': {
    cn: '证书不覆盖这些域名：{domains}',
    en: 'The certificate does not cover: {domains}',
  },
  'certificate.inUse': {
    cn: '有 {sites} 个站点正在使用该证书，请先关闭其 HTTPS',
    en: '{sites} sites use this certificate: turn their HTTPS off first',
  },
  'certificate.acmeWildcard': {
    cn: '证书不能包含泛域名（域名通过节点的 HTTP 验证，无法证明泛域名）',
    en: 'Certificates cannot cover wildcard domains (names are proven over HTTP through the edges, which cannot prove a wildcard)',
  },
  'certificate.notYourSite': {
    cn: '域名 {domain} 不是你已启用的站点',
    en: 'The domain {domain} is not one of your enabled sites',
  },
  'certificate.uploaded': { cn: '证书已上传', en: 'Certificate uploaded' },
  'certificate.applying': {
    cn: '已提交申请，正在通过节点完成域名验证',
    en: 'Requested: the nodes are answering the domain validation',
  },
  'certificate.acmeNotConfigured': {
    cn: '管理员尚未配置 ACME 目录地址',
    en: 'The administrator has not set the ACME directory URL yet',
  },
  'certificate.notRenewable': {
    cn: '只有免费申请的证书可以重新申请',
    en: 'Only certificates issued here (ACME) can be requested again',
  },
  'certificate.expiryTitle': {
    cn: '证书 {name} 将在 {days} 天内过期',
    en: 'Certificate {name} expires within {days} days',
  },
  'certificate.expiryContent': {
    cn: '您的证书 {name} 将于 {date} 过期。请在过期前续期或上传新证书，以免 HTTPS 访问中断。',
    en: 'Your certificate {name} expires on {date}. Renew it or upload a new one before then so HTTPS keeps working.',
  },
  'stream.portReservedByNode': {
    cn: '监听端口 {port} 是节点自身使用的保留端口，请换一个端口',
    en: 'Listening port {port} is reserved for the nodes’ own services: choose another port',
  },
  'stream.portTaken': {
    cn: '端口 {port} 已被该节点分组上的其他转发规则使用',
    en: 'Port {port} is used by another forwarding rule on this node group',
  },
  'stream.portReserved': {
    cn: '端口 {port} 已被站点使用，不能用于四层转发',
    en: 'Port {port} is used by sites and cannot forward layer 4',
  },
} as const satisfies LocalizedMessages;
