import { z } from 'zod';
import {
  WAF_ACTIONS,
  WAF_OPERATORS,
  WAF_TARGETS,
  WAF_TIMED_ACTIONS,
  wafValues,
  type WafAction,
  type wafRuleInputSchema,
  type WafOperator,
  type WafTarget,
} from './waf';

/*
 * The WAF's side of the edge protocol (ADR 0039): rules as the edge runs them, the long-poll
 * answer that carries them, and the events the edge reports.
 */

/** A rule as the edge runs it: values already split, lowered and checked. */
export interface WafEdgeRule {
  id: number;
  action: WafAction;
  status: number;
  seconds: number;
  conditions: { target: WafTarget; name: string; operator: WafOperator; negate: boolean; values: string[] }[];
}

/** The edge form of a valid rule (ids from the console). */
export function wafEdgeRule(id: number, rule: z.output<typeof wafRuleInputSchema>): WafEdgeRule {
  return {
    id,
    action: rule.action,
    status: rule.action === 'code' ? rule.status : 403,
    seconds: WAF_TIMED_ACTIONS.includes(rule.action) ? rule.seconds : 0,
    conditions: rule.conditions.map((c) => ({
      target: c.target,
      name: c.target === 'header' || c.target === 'cookie' ? c.name.toLowerCase() : '',
      operator: c.operator,
      negate: c.negate,
      values: wafValues(c.target, c.operator, c.value)!,
    })),
  };
}

/** What a node is told: the rule sets of its sites changed since a revision, or all of them. */
export const edgeWafSchema = z.object({
  revision: z.number().int(),
  full: z.boolean(),
  /** Each listed site's whole rule set, in the order the edge runs it (enabled rules only). */
  sites: z.array(
    z.object({
      siteId: z.number().int(),
      rules: z.array(
        z.object({
          id: z.number().int(),
          action: z.enum(WAF_ACTIONS),
          status: z.number().int(),
          seconds: z.number().int(),
          conditions: z.array(
            z.object({
              target: z.enum(WAF_TARGETS),
              name: z.string(),
              operator: z.enum(WAF_OPERATORS),
              negate: z.boolean(),
              values: z.array(z.string()),
            }),
          ),
        }),
      ),
    }),
  ),
  /** Sites the node no longer runs rules for. */
  removed: z.array(z.number().int()),
});
export type EdgeWaf = z.infer<typeof edgeWafSchema>;

/** An event the edge recorded for a rule that acted. */
export const edgeWafEventSchema = z.object({
  /** Unix seconds on the node. */
  time: z.number(),
  siteId: z.number().int(),
  ruleId: z.number().int(),
  action: z.enum(WAF_ACTIONS),
  clientIp: z.string().max(64),
  /** The request line, as the visitor sent it, cut at 2,000 characters. */
  request: z.string().max(2000),
  /** For blacklist-all and ban: how long. */
  seconds: z.number().int(),
});
export type EdgeWafEvent = z.infer<typeof edgeWafEventSchema>;
export const edgeWafEventsSchema = z.object({ events: z.array(edgeWafEventSchema).max(10_000) });
