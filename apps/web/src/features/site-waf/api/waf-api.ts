import {
  WAF_PATHS,
  type Page,
  type WafEvent,
  type WafPreset,
  type WafRule,
  type WafRuleList,
  type WafRuleSaveRequest,
  type WafTestRequest,
  type WafTestResult,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const wafKeys = {
  all: ['site-waf'] as const,
  rules: (siteId: number) => [...wafKeys.all, 'rules', siteId] as const,
  events: (siteId: number, page: number, limit: number) =>
    [...wafKeys.all, 'events', siteId, page, limit] as const,
};

/** The customer's WAF calls (contract WAF_PATHS); each answers the site's rules where it changes them. */
export const wafApi = {
  list: (siteId: number, signal?: AbortSignal) => api.post<WafRuleList>(WAF_PATHS.list, { siteId }, signal),
  save: (body: WafRuleSaveRequest) => api.post<WafRule>(WAF_PATHS.save, body),
  remove: (siteId: number, ids: number[]) => api.post<{ deleted: number }>(WAF_PATHS.delete, { siteId, ids }),
  status: (siteId: number, id: number, enabled: boolean) =>
    api.post<WafRule>(WAF_PATHS.status, { siteId, id, enabled }),
  /** Every rule's id, in the new order. */
  order: (siteId: number, ids: number[]) => api.post<WafRuleList>(WAF_PATHS.order, { siteId, ids }),
  test: (body: WafTestRequest) => api.post<WafTestResult>(WAF_PATHS.test, body),
  preset: (siteId: number, preset: WafPreset) => api.post<WafRuleList>(WAF_PATHS.preset, { siteId, preset }),
  events: (siteId: number, page: number, limit: number, signal?: AbortSignal) =>
    api.post<Page<WafEvent>>(WAF_PATHS.events, { siteId, page, limit }, signal),
};
