import { WAF_TARGETS, wafConditionSchema } from '@nimbus/contract';
import type { Translate } from '@/shared/forms/zod-rules';
import { hasName, type WafConditionValues } from '@/features/site-waf/lib/rule-form';

type ConditionField = 'target' | 'name' | 'operator' | 'value';

/** A message of the contract that is about one field of a condition, and which conditions it can be about. */
interface ConditionMessage {
  key: string;
  field: ConditionField;
  about: (c: WafConditionValues) => boolean;
}

const CONDITION_MESSAGES: readonly ConditionMessage[] = [
  { key: 'waf.valueEmpty', field: 'value', about: (c) => (c.value ?? '').trim() === '' },
  { key: 'waf.value.regex', field: 'value', about: (c) => c.operator === 'regex' },
  ...WAF_TARGETS.map((target): ConditionMessage => ({
    key: `waf.value.${target}`,
    field: 'value',
    about: (c) => c.target === target && c.operator !== 'regex',
  })),
  { key: 'waf.name', field: 'name', about: (c) => hasName(c.target) },
  { key: 'waf.ipOperator', field: 'operator', about: (c) => c.target === 'ip' },
  { key: 'waf.target', field: 'target', about: () => true },
  { key: 'waf.operator', field: 'operator', about: () => true },
];

/** Messages about one field of the rule itself. */
const RULE_MESSAGES: Readonly<Record<string, string>> = {
  'waf.seconds': 'seconds',
  'waf.action': 'action',
};

/** Whether `msg` is the sentence of `key`, whatever the server put for its placeholders. */
function isSentenceOf(msg: string, key: string, t: Translate): boolean {
  const marker = '\u0000';
  const filled = t(key, { field: marker, max: marker, min: marker });
  if (filled === key) return false;
  const parts = filled.split(marker).filter((part) => part.trim() !== '');
  return parts.length > 0 && parts.every((part) => msg.includes(part));
}

/** Whether the contract, too, finds fault with this field of the condition. */
function refusesLocally(c: WafConditionValues, field: ConditionField): boolean {
  const result = wafConditionSchema.safeParse(c);
  return !result.success && result.error.issues.some((issue) => issue.path[0] === field);
}

/**
 * Which field a server refusal of a rule is about. The server's answer is one sentence in the
 * user's language, without the field's path: a sentence of a condition's message goes on the
 * condition it can be about (the one the contract also refuses, else the first such), so
 * "IP format error" lands under the IP condition. Undefined when no field fits (shown above the form).
 */
export function fieldOfRefusal(
  msg: string,
  conditions: readonly WafConditionValues[],
  t: Translate,
): (string | number)[] | undefined {
  for (const [key, field] of Object.entries(RULE_MESSAGES)) if (isSentenceOf(msg, key, t)) return [field];
  for (const { key, field, about } of CONDITION_MESSAGES) {
    if (!isSentenceOf(msg, key, t)) continue;
    const candidates = conditions.map((c, i) => ({ c, i })).filter(({ c }) => about(c));
    if (candidates.length === 0) continue;
    const chosen = candidates.find(({ c }) => refusesLocally(c, field)) ?? candidates[0]!;
    return ['conditions', chosen.i, field];
  }
  return undefined;
}
