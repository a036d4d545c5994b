import {
  WAF_PRESETS,
  WAF_TIMED_ACTIONS,
  type WafAction,
  type WafOperator,
  type WafTarget,
} from '@nimbus/contract';
import type { Translate } from '@/shared/forms/zod-rules';

export interface ConditionLike {
  target: WafTarget;
  name: string;
  operator: WafOperator;
  negate: boolean;
  value: string;
}

/** What the condition looks at, in words: "Path", "Header X-Token". */
export function subjectText(c: Pick<ConditionLike, 'target' | 'name'>, t: Translate): string {
  return c.target === 'header' || c.target === 'cookie'
    ? t(`siteWaf.subject.${c.target}`, { name: c.name })
    : t(`siteWaf.target.${c.target}`);
}

/** The values as the edge reads them: a regex is one pattern, anything else several by `|`. */
function valuesText(c: ConditionLike): string {
  if (c.operator === 'regex') return c.value.trim();
  return c.value
    .split('|')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .join(' | ');
}

/** One condition as a sentence: "Path starts with /admin", "Method does not equal GET | HEAD". */
export function conditionText(c: ConditionLike, t: Translate): string {
  return t(`siteWaf.phrase.${c.negate ? 'not' : 'is'}.${c.operator}`, {
    subject: subjectText(c, t),
    value: valuesText(c),
  });
}

/** A rule's conditions in words, ANDed as the edge runs them. */
export function conditionsText(conditions: readonly ConditionLike[], t: Translate): string {
  return conditions.map((c) => conditionText(c, t)).join(` ${t('siteWaf.phrase.and')} `);
}

/** Seconds in the largest whole units: 5400 → "1 h 30 min". */
export function durationText(seconds: number, t: Translate): string {
  const units: [string, number][] = [
    ['d', 86_400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ];
  let rest = seconds;
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(t(`siteWaf.duration.${unit}`, { count }));
    rest -= count * size;
  }
  return parts.length > 0 ? parts.join(' ') : t('siteWaf.duration.s', { count: 0 });
}

/** The action with what it takes: "Custom error code 429", "Ban for 10 min". */
export function actionText(
  rule: { action: WafAction; status: number; seconds: number },
  t: Translate,
): string {
  if (rule.action === 'code') return t('siteWaf.actionWith.code', { status: rule.status });
  const action = t(`siteWaf.action.${rule.action}`);
  return WAF_TIMED_ACTIONS.includes(rule.action)
    ? t('siteWaf.actionWith.timed', { action, duration: durationText(rule.seconds, t) })
    : action;
}

/**
 * A rule's remark as shown: a ready-made rule keeps the contract's English remark, so while it
 * is unchanged it is shown as its set's name in the user's language.
 */
export function remarkText(rule: { remark: string; preset: string }, t: Translate): string {
  const stock = (WAF_PRESETS as Record<string, readonly { remark: string }[]>)[rule.preset];
  return stock?.some((r) => r.remark === rule.remark)
    ? t(`siteWaf.presets.name.${rule.preset}`)
    : rule.remark;
}
