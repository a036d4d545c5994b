import type { LocalizedMessages } from './types';

/** Region allow/deny, the WAF `country` target and the maximum header size (issue 20 §2). */
export const siteRegionMessages = {
  'siteRegion.country': {
    cn: '{field}中的“{value}”不是有效的国家/地区代码（ISO 3166-1 两位字母）',
    en: '{field}: "{value}" is not a country code (ISO 3166-1, two letters)',
  },
  'siteRegion.countryRepeated': {
    cn: '{field}中的“{value}”重复了',
    en: '{field}: "{value}" is listed twice',
  },
  'siteRegion.headerSize': {
    cn: '{field}须为 0（不限）或 {min}-{max} 字节',
    en: '{field} must be 0 (no limit) or {min}-{max} bytes',
  },
  'waf.value.country': {
    cn: '国家/地区须为两位字母代码（如 CN、US），多个用 | 分隔',
    en: 'A country is a two-letter code (such as CN or US); several are separated by |',
  },
  'waf.countryOperator': {
    cn: '国家/地区条件只能用“等于”或“属于列表”',
    en: 'A country condition compares with "equals" or "in list" only',
  },
  'field.regionMode': { cn: '地区访问控制', en: 'Region access' },
  'field.countries': { cn: '国家/地区', en: 'Countries and regions' },
  'field.regionAllowUnknown': { cn: '放行无国家信息的地址', en: 'Let addresses without a country in' },
  'field.maxHeaderSize': { cn: '请求头最大大小', en: 'Maximum header size' },
} as const satisfies LocalizedMessages;
