import {
  WAF_TIMED_ACTIONS,
  wafRuleSaveRequestSchema,
  type WafAction,
  type WafOperator,
  type WafRule,
  type WafRuleSaveRequest,
  type WafTarget,
} from '@nimbus/contract';
import { parseWith, type Parsed, type PathIssue } from '@/shared/forms/form-issues';

export interface WafConditionValues {
  target: WafTarget;
  name: string;
  operator: WafOperator;
  negate: boolean;
  value: string;
}

export interface WafRuleFormValues {
  remark: string;
  conditions: WafConditionValues[];
  action: WafAction;
  status: number | null;
  seconds: number | null;
  enabled: boolean;
}

/** Targets that name theirs (a header's or a cookie's name). */
export const hasName = (target: WafTarget | undefined) => target === 'header' || target === 'cookie';

/** For the client IP the edge compares by address or block only. */
export const IP_OPERATORS: readonly WafOperator[] = ['equals', 'in'];

export const emptyCondition = (): WafConditionValues => ({
  target: 'path',
  name: '',
  operator: 'prefix',
  negate: false,
  value: '',
});

export const emptyRuleForm = (): WafRuleFormValues => ({
  remark: '',
  conditions: [emptyCondition()],
  action: 'intercept',
  status: 403,
  seconds: 600,
  enabled: true,
});

export const ruleFormOf = (rule: WafRule): WafRuleFormValues => ({
  remark: rule.remark,
  conditions: rule.conditions.map((c) => ({ ...c })),
  action: rule.action,
  status: rule.status,
  seconds: WAF_TIMED_ACTIONS.includes(rule.action) ? rule.seconds : 600,
  enabled: rule.enabled,
});

/**
 * The save request as the server will read it, or the contract's issues. Fields the chosen
 * target or action hides are sent as their neutral values, so a hidden field never refuses.
 */
export function ruleSaveBody(
  values: WafRuleFormValues,
  siteId: number,
  id?: number,
): Parsed<WafRuleSaveRequest> {
  const timed = WAF_TIMED_ACTIONS.includes(values.action);
  return parseWith<WafRuleSaveRequest>(wafRuleSaveRequestSchema, {
    siteId,
    ...(id === undefined ? {} : { id }),
    remark: values.remark ?? '',
    conditions: (values.conditions ?? []).map((c) => ({
      target: c.target,
      name: hasName(c.target) ? (c.name ?? '') : '',
      operator: c.operator,
      negate: c.negate ?? false,
      value: c.value ?? '',
    })),
    action: values.action,
    status: values.action === 'code' ? (values.status ?? '') : 403,
    seconds: timed ? (values.seconds ?? 0) : 0,
    enabled: values.enabled ?? true,
  });
}

/**
 * The form field an issue belongs to: a condition's own input (conditions.1.value), else the
 * top-level field; undefined for issues about the whole list (no or too many conditions).
 */
export function ruleFieldName(issue: PathIssue): (string | number)[] | undefined {
  const named = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (named[0] === 'conditions') return named.length >= 3 ? named.slice(0, 3) : undefined;
  return named.length > 0 ? named.slice(0, 1) : undefined;
}
