import type { LocalizedMessages } from './types';

/** Traffic analysis, top lists, the request log and usage (issue 19). */
export const analyticsMessages = {
  'analytics.rangeOrder': { cn: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'analytics.rangeTooLong': {
    cn: '查询范围最长 31 天，请缩短时间范围',
    en: 'A query covers at most 31 days: choose a shorter range',
  },
  'analytics.tooManyPoints': {
    cn: '该时间粒度在此范围内数据点过多，请选择更粗的粒度或更短的范围',
    en: 'This interval gives too many points over the range: choose a coarser interval or a shorter range',
  },
  'analytics.batchId': {
    cn: '日志批次编号无效',
    en: 'The log batch id is missing or malformed',
  },
  'analytics.batchTooBig': {
    cn: '日志批次过大（最多 {max} 行）',
    en: 'The log batch is too big (at most {max} lines)',
  },
  'field.ruleId': { cn: '规则', en: 'Rule' },
  'field.interval': { cn: '时间粒度', en: 'Interval' },
  'field.dimension': { cn: '排行维度', en: 'Ranking by' },
  'field.by': { cn: '排序依据', en: 'Order by' },
  'field.cache': { cn: '缓存状态', en: 'Cache status' },
  'field.uriContains': { cn: 'URL 包含', en: 'URL contains' },
  'field.trafficNoticePercent': { cn: '流量提醒阈值', en: 'Traffic notice threshold' },
  'field.trafficOverage': { cn: '超额流量计费', en: 'Bill traffic overage' },
} satisfies LocalizedMessages;
