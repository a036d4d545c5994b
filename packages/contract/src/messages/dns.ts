import type { LocalizedMessages } from './types';

/** DNS hosting: zones and records (issue 9 §2). */
export const dnsMessages = {
  'dns.notRunning': {
    cn: 'PowerDNS 权威服务器未运行，DNS 解析暂不可用：{reason}。安装：{install}',
    en: 'PowerDNS Authoritative is not running, so DNS hosting is unavailable: {reason}. Install it with: {install}',
  },
  'dns.quotaZones': {
    cn: '域名数已达上限：您的 DNS 套餐共可托管 {limit} 个域名，请购买或升级 DNS 套餐',
    en: 'Domain limit reached: your DNS plans allow {limit} hosted domains; buy or upgrade a DNS plan',
  },
  'dns.quotaRecords': {
    cn: '记录数已达上限：您的 DNS 套餐每个域名最多 {limit} 条记录，请购买或升级 DNS 套餐',
    en: 'Record limit reached: your DNS plans allow {limit} records per domain; buy or upgrade a DNS plan',
  },
  'dns.quotaLines': {
    cn: '线路：您的 DNS 套餐不含运营商和地区线路，请选择默认线路或购买包含线路的 DNS 套餐',
    en: 'Line: your DNS plans do not include carrier and region lines; choose the default line or buy a DNS plan with lines',
  },
  'dns.quotaDnssec': {
    cn: 'DNSSEC：您的 DNS 套餐不含 DNSSEC，请购买包含 DNSSEC 的 DNS 套餐',
    en: 'DNSSEC: your DNS plans do not include DNSSEC; buy a DNS plan with DNSSEC',
  },
  'dns.linesUnavailable': {
    cn: '线路：此平台的 DNS 服务器暂不支持运营商和地区线路，请选择默认线路',
    en: "Line: this platform's DNS server cannot answer by carrier or region yet; choose the default line",
  },
  'dns.zoneTaken': { cn: '该域名已被添加', en: 'This domain has been added already' },
  'dns.zoneOverlaps': {
    cn: '该域名与其他用户的域名 {name} 重叠，不能添加',
    en: "This domain overlaps another customer's domain {name} and cannot be added",
  },
  'dns.zoneReserved': {
    cn: '该域名是平台的 CNAME 域名，不能添加',
    en: "This domain is the platform's CNAME domain and cannot be added",
  },
  'dns.zoneDisabled': { cn: '域名已暂停解析，请先启用', en: 'This domain is paused: enable it first' },
  'dns.host': {
    cn: '主机记录只能包含字母、数字、-、_ 和 .，@ 表示域名本身，* 只能在最前面',
    en: 'Host record may hold letters, digits, -, _ and dots; @ is the domain itself; * only in front',
  },
  'dns.valueIPv4': { cn: 'A 记录的记录值须为 IPv4 地址', en: 'An A record value must be an IPv4 address' },
  'dns.valueIPv6': {
    cn: 'AAAA 记录的记录值须为 IPv6 地址',
    en: 'An AAAA record value must be an IPv6 address',
  },
  'dns.valueHostname': { cn: '记录值须为域名', en: 'The record value must be a domain name' },
  'dns.valueTxt': {
    cn: 'TXT 记录值为 1-2048 个字符，不能换行',
    en: 'A TXT value has 1-2048 characters on one line',
  },
  'dns.valueSrv': {
    cn: 'SRV 记录值格式为「权重 端口 目标域名」，如 5 5060 sip.example.com',
    en: 'An SRV value is "weight port target", e.g. 5 5060 sip.example.com',
  },
  'dns.valueCaa': {
    cn: 'CAA 记录值格式为「0 issue "ca.example.com"」（标签 issue、issuewild 或 iodef）',
    en: 'A CAA value is like 0 issue "ca.example.com" (tag issue, issuewild or iodef)',
  },
  'dns.cnameConflict': {
    cn: '主机记录 {host} 已有其他记录，CNAME 记录不能与其他记录共存',
    en: 'Host record {host} has other records: a CNAME cannot share a name with other records',
  },
  'dns.conflictWithCname': {
    cn: '主机记录 {host} 已有 CNAME 记录，不能再添加其他记录',
    en: 'Host record {host} has a CNAME record: no other record can share its name',
  },
  'dns.apexCname': {
    cn: '@ 不能添加 CNAME 记录（域名本身有 SOA 和 NS 记录）',
    en: 'The domain itself (@) cannot have a CNAME record: it holds the SOA and NS records',
  },
  'dns.apexNs': {
    cn: '@ 的 NS 记录由平台管理',
    en: 'The NS records of the domain itself (@) are managed by the platform',
  },
  'dns.recordRepeated': {
    cn: '主机记录 {host} 已有相同的记录',
    en: 'Host record {host} has the same record already',
  },
  'dns.bulkTooMany': { cn: '每次最多添加 {max} 条记录', en: 'At most {max} records at a time' },
  'dns.importLine': {
    cn: '第 {line} 行无法导入：{reason}',
    en: 'Line {line} cannot be imported: {reason}',
  },
  'dns.importInvalid': {
    cn: '第 {line} 行：{field}不正确',
    en: 'Line {line}: the {field} is not valid',
  },
  'dns.importEmpty': { cn: '文件中没有可导入的记录', en: 'The file has no record to import' },
  'dns.importTooMany': { cn: '一次最多导入 {max} 条记录', en: 'At most {max} records in one import' },
  'dns.refused': {
    cn: '{field}：PowerDNS 拒绝了此记录：{detail}',
    en: '{field}: PowerDNS refused this record: {detail}',
  },
} as const satisfies LocalizedMessages;
