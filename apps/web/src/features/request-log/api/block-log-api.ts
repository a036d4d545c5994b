import {
  WAF_PATHS,
  type Page,
  type WafEvent,
  type WafEventsRequest,
  type WafRuleList,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const blockLogKeys = {
  all: ['block-log'] as const,
  events: (request: WafEventsRequest) => [...blockLogKeys.all, 'events', request] as const,
  rules: (siteId: number) => [...blockLogKeys.all, 'rules', siteId] as const,
};

/** The block log: the WAF events a site's edges reported (kept 7 days), and its rules to name them. */
export const blockLogApi = {
  events: (request: WafEventsRequest, signal?: AbortSignal) =>
    api.post<Page<WafEvent>>(WAF_PATHS.events, request, signal),
  rules: (siteId: number, signal?: AbortSignal) => api.post<WafRuleList>(WAF_PATHS.list, { siteId }, signal),
};
